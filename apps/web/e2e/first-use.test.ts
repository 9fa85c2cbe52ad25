import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupApp, type Tab } from './support/app.ts';
import { toast } from './support/toast.ts';

// The rough edges a new user meets first: each failed sign-in link told apart, in the browser that asked for
// it and in another, with a new link one click away; the beta request; a signed-out heart; any traveller's
// profile from a guide's list. Mail goes to a real SMTP server the test reads.
const INVITED = [
  'expired.first@lokal.test',
  'used.first@lokal.test',
  'unknown.first@lokal.test',
  'valid.first@lokal.test',
  'heart.first@lokal.test',
];

const app = setupApp({ mail: true, env: { INVITES: INVITED.join(','), RATE_LIMIT_SCALE: '10' } });

/** Asks for a link on the tourist sign-up page of this tab; the browser then remembers the address. */
async function askForLink(page: Page, email: string): Promise<string> {
  const before = app.smtp.mails.length;
  await page.goto(`${app.url}/tourist/signup`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Magic Link' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  return app.linkFor(email, before);
}

/** Console errors other than the browser's own line for a refused request (the API's 4xx is the answer). */
const realErrors = (tab: Tab) => tab.errors.filter((e) => !e.startsWith('Failed to load resource'));

/** "Send a new link" on a failed link's page: the page confirms, and a new link arrives by mail. */
async function sendNewLink(page: Page, email: string, says: string): Promise<string> {
  const before = app.smtp.mails.length;
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  await page.getByText(says).waitFor();
  return app.linkFor(email, before);
}

/** The link signs this tab in without asking: the tab that sent for it is the browser it belongs to. */
async function signsInAtOnce(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole('heading', { name: "You're signed in" }).waitFor();
  await page.waitForURL('**/tourist/onboarding');
}

describe('a failed sign-in link', () => {
  it('says it expired, in the browser that asked and in another, and sends a new one that works', async () => {
    const email = 'expired.first@lokal.test';
    const asker = await app.newPage();
    const first = await askForLink(asker.page, email);
    // Asking again ends the first link: it has expired.
    await askForLink(asker.page, email);

    await asker.page.goto(first);
    await asker.page.getByRole('heading', { name: 'This link has expired' }).waitFor();
    await asker.page
      .getByText('This sign-in link has expired. A link works for 10 minutes, and only the newest one works.')
      .waitFor();
    expect(await asker.page.getByText(/different browser/).count()).toBe(0);

    const other = await app.newPage();
    await other.page.goto(first);
    await other.page.getByRole('heading', { name: 'This link has expired' }).waitFor();
    // Told at once: no "Continue as …" step before the truth.
    expect(await other.page.getByRole('button', { name: /^Continue as/ }).count()).toBe(0);
    const next = await sendNewLink(other.page, email, `A new sign-in link is on its way to ${email}.`);
    await signsInAtOnce(other.page, next);
    expect(realErrors(asker)).toEqual([]);
    expect(realErrors(other)).toEqual([]);
    await asker.context.close();
    await other.context.close();
  });

  it('says it was already used, in the browser that asked and in another, and sends a new one', async () => {
    const email = 'used.first@lokal.test';
    const asker = await app.newPage();
    const link = await askForLink(asker.page, email);
    // Used in a second browser (after confirming there).
    const user = await app.newPage();
    await user.page.goto(link);
    await user.page.getByRole('button', { name: `Continue as ${email}` }).click();
    await user.page.getByRole('heading', { name: "You're signed in" }).waitFor();

    await asker.page.goto(link);
    await asker.page.getByRole('heading', { name: 'This link was already used' }).waitFor();
    await asker.page.getByText('This sign-in link was already used. Each link works once.').waitFor();

    const third = await app.newPage();
    await third.page.goto(link);
    await third.page.getByRole('heading', { name: 'This link was already used' }).waitFor();
    expect(await third.page.getByRole('button', { name: /^Continue as/ }).count()).toBe(0);

    const next = await sendNewLink(asker.page, email, `A new sign-in link is on its way to ${email}.`);
    await asker.page.goto(next);
    await asker.page.getByRole('heading', { name: "You're signed in" }).waitFor();
    expect(realErrors(asker)).toEqual([]);
    expect(realErrors(third)).toEqual([]);
    for (const tab of [asker, user, third]) await tab.context.close();
  });

  it("says a made-up link is invalid without showing its address, and 'Send a new link' still reaches the inbox", async () => {
    const email = 'unknown.first@lokal.test';
    const made = `${app.url}/tourist/auth-redirect?token=made-up-token&email=${encodeURIComponent(email)}`;
    const asker = await app.newPage();
    await askForLink(asker.page, email);
    await asker.page.goto(made);
    await asker.page.getByText('Invalid sign-in link').waitFor();
    expect(await asker.page.locator('main').textContent()).not.toContain(email);

    const other = await app.newPage();
    await other.page.goto(made);
    await other.page.getByText('Invalid sign-in link').waitFor();
    expect(await other.page.getByRole('button', { name: /^Continue as/ }).count()).toBe(0);
    expect(await other.page.locator('main').textContent()).not.toContain(email);
    const next = await sendNewLink(
      other.page,
      email,
      'If this address can sign in, a new link is on its way.',
    );
    expect(await other.page.locator('main').textContent()).not.toContain(email);
    await signsInAtOnce(other.page, next);
    expect(realErrors(asker)).toEqual([]);
    expect(realErrors(other)).toEqual([]);
    await asker.context.close();
    await other.context.close();
  });

  it('asks only another browser to continue a valid link, which can also send itself a new one', async () => {
    const email = 'valid.first@lokal.test';
    const asker = await app.newPage();
    const link = await askForLink(asker.page, email);
    const other = await app.newPage();
    await other.page.goto(link);
    await other.page.getByRole('button', { name: `Continue as ${email}` }).waitFor();
    await other.page
      .getByText('This link was opened in a different browser from the one that asked for it.')
      .waitFor();
    const next = await sendNewLink(other.page, email, `A new sign-in link is on its way to ${email}.`);
    // The new link belongs to this browser now: no question asked.
    await signsInAtOnce(other.page, next);
    expect(realErrors(other)).toEqual([]);
    await asker.context.close();
    await other.context.close();
  });
});

describe('first steps', () => {
  it('records a beta request, closes the dialog with a confirmation, and opens no mail app', async () => {
    const tab = await app.newPage();
    const { page } = tab;
    await page.goto(`${app.url}/guide/signup`);
    await page.getByLabel('Email address').fill('someone.new@example.com');
    await page.getByRole('button', { name: 'Join as Guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Beta Access Only' });
    await dialog.waitFor();
    expect(await page.locator('a[href^="mailto:"]').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Request Beta Access' }).click();
    await toast(page, "Request received — we'll be in touch.").waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/guide/signup');
    expect(realErrors(tab)).toEqual([]);
    await tab.context.close();
  });

  it("leads a signed-out visitor's heart to sign-up and keeps the favorite after sign-in", async () => {
    const email = 'heart.first@lokal.test';
    const tab = await app.newPage();
    const { page } = tab;
    await page.goto(app.url);
    const card = page.locator('section[aria-labelledby="guides"] article').first();
    await card.waitFor();
    const name = (await card.getByTestId('favorite-button').getAttribute('aria-label'))!
      .replace(/^Add /, '')
      .replace(/ to favorites$/, '');
    await card.hover();
    await card.getByTestId('favorite-button').click();
    await page.waitForURL('**/tourist/signup');
    await page.getByText(`Join to keep ${name} in your favorites.`).waitFor();
    // Nothing pretends to be saved meanwhile.
    expect(await page.getByText(`Added ${name} to favorites!`).count()).toBe(0);
    const before = app.smtp.mails.length;
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.goto(await app.linkFor(email, before));
    await toast(page, `Added ${name} to favorites!`).waitFor();
    await page.waitForURL('**/tourist/onboarding');
    const favorites = await (await page.request.get(`${app.url}/api/favorites`)).json();
    expect(favorites.favorites.map((f: { profileName: string }) => f.profileName)).toEqual([name]);
    expect(realErrors(tab)).toEqual([]);
    await tab.context.close();
  });

  it("opens a traveller's profile from the guide's list beyond the top 3", async () => {
    const tab = await app.signedIn('sofia.martinez@demo.lokal.app', 'guide');
    const { page } = tab;
    const top = await (await page.request.get(`${app.url}/api/guides/top-tourists`)).json();
    const topNames = new Set(top.tourists.map((t: { name: string }) => t.name));
    await page.goto(`${app.url}/guide/home`);
    await page.getByTestId('tourist-card').first().waitFor();
    const list = await (await page.request.get(`${app.url}/api/guides/tourists`)).json();
    const beyond = list.tourists.find((t: { name: string }) => !topNames.has(t.name)) as { name: string };
    expect(beyond).toBeDefined();
    const card = page.getByTestId('tourist-card').filter({ hasText: beyond.name });
    await card.getByRole('button', { name: beyond.name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: beyond.name });
    await dialog.waitFor();
    await dialog.getByText('Looking for').waitFor();
    await dialog.getByRole('button', { name: `Contact ${beyond.name.split(' ')[0]}` }).waitFor();
    expect(realErrors(tab)).toEqual([]);
    await tab.context.close();
  });
});
