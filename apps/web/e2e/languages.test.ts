import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, setupApp } from './support/app.ts';

const app = setupApp();

describe('the language of the app', () => {
  it('follows the browser on the first visit', async () => {
    const { context, page, errors } = await app.newPage(PHONE, { locale: 'fr-FR' });
    await page.goto(`${app.url}/`);
    const footer = page.getByRole('contentinfo');
    await expect.poll(() => footer.getByRole('link', { name: 'Nous contacter' }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches from the landing footer without a reload, and keeps the choice after one', async () => {
    const { context, page, errors } = await app.newPage(DESKTOP, { locale: 'en-GB' });
    await page.goto(`${app.url}/`);
    const footer = page.getByRole('contentinfo');
    await expect.poll(() => footer.getByRole('link', { name: 'Contact us' }).count()).toBe(1);
    // A marker on the page: it survives a language switch only if nothing reloaded.
    await page.evaluate(() => Object.assign(window, { stillHere: true }));

    await footer.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect.poll(() => footer.getByRole('link', { name: 'Kontakt' }).count()).toBe(1);
    expect(await footer.getByRole('combobox', { name: 'Sprache' }).inputValue()).toBe('de');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);

    await page.reload();
    await expect.poll(() => footer.getByRole('link', { name: 'Kontakt' }).count()).toBe(1);
    expect(await footer.getByRole('navigation', { name: 'Reisende' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("is a member's own: saved from the header, it follows them to another browser", async () => {
    const email = 'james.whitfield@demo.lokal.app';
    const first = await app.signedIn(email, 'tourist', DESKTOP);
    await first.page.goto(`${app.url}/tourist/home`);
    const header = first.page.getByRole('banner');
    const saved = first.page.waitForResponse((r) => r.url().endsWith('/api/users/update-locale'));
    await header.getByRole('combobox', { name: 'Language' }).selectOption('ja');
    expect((await saved).status()).toBe(200);
    await expect.poll(() => header.getByRole('combobox', { name: '言語' }).count()).toBe(1);
    await first.context.close();

    // Another device whose browser asks for Spanish: the saved Japanese wins at sign-in.
    const other = await app.newPage(DESKTOP, { locale: 'es-ES' });
    await app.signIn(other.page, email, 'tourist');
    await other.page.goto(`${app.url}/tourist/home`);
    await expect
      .poll(() => other.page.getByRole('banner').getByRole('combobox', { name: '言語' }).count())
      .toBe(1);
    expect(await other.page.locator('html').getAttribute('lang')).toBe('ja');
    await other.context.close();
  });
});
