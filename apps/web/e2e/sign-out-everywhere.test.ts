import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupApp } from './support/app.ts';
import { toast } from './support/toast.ts';

// Sign out everywhere (docs/product.md#settings): asked for in one browser, it signs out every other browser of
// the account on its next request.
const app = setupApp();

/** Opens the confirm, checks that Cancel keeps the session, then confirms. */
async function signOutEverywhere(page: Page) {
  const open = () => page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await open();
  let dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await dialog.getByText('this one included').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await open();
  dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await toast(page, 'Signed out on every device').waitFor();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
}

describe('sign out everywhere', () => {
  it('from a tourist’s settings signs out their other browser, whose open tab goes to the sign-in page', async () => {
    const email = 'james.whitfield@demo.lokal.app';
    const here = await app.signedIn(email, 'tourist');
    const there = await app.signedIn(email, 'tourist');
    await there.page.goto(`${app.url}/tourist/settings`);
    await there.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await here.page.goto(`${app.url}/tourist/settings`);
    await here.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

    await signOutEverywhere(here.page);
    // This browser is signed out too.
    await here.page.goto(`${app.url}/tourist/settings`);
    await here.page.waitForURL('**/tourist/login');

    // The other browser, still showing settings, is signed out live: its open connection is closed and it
    // goes to the sign-in page without a click.
    await there.page.waitForURL('**/tourist/login');
    expect(here.errors).toEqual([]);
    await Promise.all([here.context.close(), there.context.close()]);
  });

  it('from a guide’s settings signs out their other browser, whose next page load is the sign-in page', async () => {
    const email = 'sofia.martinez@demo.lokal.app';
    const here = await app.signedIn(email, 'guide');
    const there = await app.signedIn(email, 'guide');
    await there.page.goto(`${app.url}/guide/home`);
    await there.page.getByRole('navigation', { name: 'Guide' }).waitFor();
    await here.page.goto(`${app.url}/guide/settings`);
    await here.page.getByText('Verified guide').first().waitFor();

    await signOutEverywhere(here.page);
    await there.page.goto(`${app.url}/guide/settings`);
    await there.page.waitForURL('**/guide/login');
    expect(here.errors).toEqual([]);
    expect(there.errors).toEqual([]);
    await Promise.all([here.context.close(), there.context.close()]);
  });
});
