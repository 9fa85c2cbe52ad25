import { describe, expect, it } from 'vitest';
import { PHONE, setupApp } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { toast } from './support/toast.ts';

// The traveller's optional "Travel style" quiz (docs/product.md#travel-style): offered on the home screen,
// five steps, saved, and editable from settings with the saved answers.
const app = setupApp();

describe('the travel style quiz', () => {
  it('on a phone: offered on the home screen, taken in five steps, then editable from settings', async () => {
    const { context, page, errors } = await app.signedIn('aisha.rahman@demo.lokal.app', 'tourist', PHONE);
    await page.goto(`${app.url}/tourist/home`);
    const invite = page.getByRole('complementary', { name: 'Travel style quiz' });
    await invite.getByRole('link', { name: 'Take the quiz' }).click();

    await page.getByRole('heading', { name: 'Languages' }).waitFor();
    await expectAccessible(page, 'travel style quiz');
    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    await page.getByText('Portuguese', { exact: true }).click();
    await next.click();
    await page.getByRole('heading', { name: 'Experiences' }).waitFor();
    await page.getByText('Food & Dining', { exact: true }).click();
    await next.click();
    await page.getByRole('heading', { name: 'Music' }).waitFor();
    await page.getByRole('slider', { name: 'Techno' }).focus();
    await page.keyboard.press('End');
    await next.click();
    await page.getByRole('heading', { name: 'Night life' }).waitFor();
    await next.click();
    await page.getByRole('heading', { name: 'Humour & pace' }).waitFor();
    const save = page.getByRole('button', { name: 'Save my travel style' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByText('Sometimes', { exact: true }).click();
    await save.click();

    await toast(page, 'Travel style saved. Your matches now use it.').waitFor();
    await page.waitForURL(`${app.url}/tourist/home`);
    await page.getByRole('heading', { name: 'Discover local guides' }).waitFor();
    expect(await invite.count()).toBe(0);

    // Settings says when, and editing starts from the saved answers.
    await page.goto(`${app.url}/tourist/settings`);
    await page.getByRole('link', { name: 'Edit my travel style' }).click();
    await page.getByRole('heading', { name: 'Languages' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Portuguese' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Music' }).waitFor();
    expect(await page.getByRole('slider', { name: 'Techno' }).getAttribute('aria-valuenow')).toBe('5');
    // Leaving without saving goes back to settings.
    await page.getByRole('link', { name: 'Leave without saving' }).click();
    await page.waitForURL(`${app.url}/tourist/settings`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
