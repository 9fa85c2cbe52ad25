import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setupApp, type Viewport } from './support/app.ts';
import { toast } from './support/toast.ts';

// Both settings screens as their users see them: toggles, the handle, profile edits — all kept over a reload.
const app = setupApp({ env: { RATE_LIMIT_SCALE: '10' } });

const ROOT_VERSION = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
).version as string;

const signedIn = (email: string, userType: 'tourist' | 'guide', viewport: Viewport) =>
  app.signedIn(email, userType, viewport);

/** The switch's whole row is its label: a click there flips it, as a user would. */
const row = (sw: Locator) => sw.locator('xpath=ancestor::label[1]');

/** Flips a switch and waits until the server has stored it. */
async function flip(page: Page, name: string, on: boolean) {
  const sw = page.getByRole('switch', { name });
  expect(await sw.isChecked()).toBe(!on);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/users/settings') && r.request().method() === 'PATCH',
  );
  await row(sw).click();
  expect((await saved).status()).toBe(200);
  expect(await sw.isChecked()).toBe(on);
}

const summary = (page: Page) => page.getByRole('region', { name: 'Profile summary' });

describe('tourist settings', () => {
  it('on a phone: turns off e-mail updates, edits the profile (photo, city, currency, budget, interests), keeps it all over a reload, then signs out', async () => {
    const { context, page, errors } = await signedIn('james.whitfield@demo.lokal.app', 'tourist', {
      width: 375,
      height: 740,
    });
    await page.goto(`${app.url}/tourist/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await summary(page).getByText('James Whitfield').waitFor();
    await summary(page).getByText('Luxury VIP Member').waitFor();
    // The version comes from the root package.json (v1.0.0).
    expect(ROOT_VERSION).toBe('1.0.0');
    await page.getByText(`Lokal v${ROOT_VERSION}`).waitFor();
    expect(await page.getByRole('link', { name: /Contact Support/ }).getAttribute('href')).toMatch(
      /^mailto:support@lokal\.app/,
    );
    // Favorites have their own screen; Settings points to it.
    await page
      .getByRole('region', { name: 'Favorites' })
      .getByRole('link', { name: 'Open my favorites' })
      .waitFor();

    const email = page.getByRole('switch', { name: 'Email updates' });
    const bookings = page.getByRole('switch', { name: 'Booking notifications' });
    expect(await email.isChecked()).toBe(true);
    expect(await bookings.isChecked()).toBe(true);
    // Tourists have no auto-accept.
    expect(await page.getByRole('switch', { name: 'Auto-accept bookings' }).count()).toBe(0);
    await flip(page, 'Email updates', false);

    // Edit profile: a wrong budget is explained and nothing is sent.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await dialog.waitFor();
    await dialog.getByRole('spinbutton', { name: 'From' }).fill('900');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('The budget minimum must not exceed the maximum').waitFor();

    // A photo the server takes: 400×400 or more, not one flat colour (decision 090).
    const side = 480;
    const raw = Buffer.alloc(side * side * 3, 0).map(
      (_, i) => (i * 7 + Math.floor(i / (side * 3)) * 3) % 256,
    );
    const png = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer();
    await dialog
      .getByLabel('Change photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('img', { name: 'Preview of your new photo' }).waitFor();
    await dialog.getByRole('spinbutton', { name: 'From' }).fill('350');
    await dialog.getByLabel('City').fill('Porto');
    await dialog.getByLabel('Currency').selectOption('EUR');
    const interest = dialog.getByRole('textbox', { name: 'Interests', exact: true });
    await interest.fill('Jazz');
    await interest.press('Enter');
    await dialog.getByRole('list', { name: 'Interests' }).getByText('Jazz').waitFor();
    await dialog.getByRole('button', { name: 'Remove Sailing' }).click();
    await row(dialog.getByRole('switch', { name: 'New guides' })).click();
    expect(await dialog.getByRole('switch', { name: 'New guides' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Profile updated').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const expectSaved = async () => {
      const card = summary(page);
      await card.getByTestId('profile-place').getByText('Porto · EUR').waitFor();
      await card.getByText('$350–$800').waitFor();
      await card.getByText('Wine, Live Music, Architecture, Fine Dining, Jazz').waitFor();
      await card.getByText('Experienced guides only').waitFor();
      expect(await card.locator('img').first().getAttribute('src')).toMatch(/^\/api\/uploads\/.+\.webp$/);
      await page.getByRole('switch', { name: 'Email updates' }).waitFor();
      expect(await page.getByRole('switch', { name: 'Email updates' }).isChecked()).toBe(false);
      expect(await page.getByRole('switch', { name: 'Booking notifications' }).isChecked()).toBe(true);
    };
    await expectSaved();
    await page.reload();
    await expectSaved();

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await toast(page, 'Successfully signed out').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.goto(`${app.url}/tourist/settings`);
    await page.waitForURL('**/tourist/login');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('guide settings', () => {
  it('saves the social handle and its hide option, the toggles and a profile edit, and keeps them over a reload', async () => {
    const { context, page, errors } = await signedIn('sofia.martinez@demo.lokal.app', 'guide', {
      width: 1280,
      height: 800,
    });
    await page.goto(`${app.url}/guide/settings`);
    await summary(page).getByText('Sofia Martinez').waitFor();
    await summary(page).getByText('Verified guide').waitFor();
    await page.getByText(`Lokal v${ROOT_VERSION}`).waitFor();

    // The handle: an empty one is refused in words, a real one is saved with its toast.
    const handle = page.getByLabel('Social media handle');
    await handle.fill('   ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Enter your social media handle').waitFor();
    await handle.fill('  @sofia.paints ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Social media handle updated!').waitFor();
    expect(await handle.inputValue()).toBe('@sofia.paints');

    await flip(page, 'Show only to Luxury VIP travellers', true);
    await flip(page, 'Booking notifications', false);
    // Keyboard: Space toggles a focused switch.
    const autoAccept = page.getByRole('switch', { name: 'Auto-accept bookings' });
    expect(await autoAccept.isChecked()).toBe(false);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/users/settings') && r.request().method() === 'PATCH',
    );
    await autoAccept.focus();
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(200);

    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await dialog.getByLabel('Last name').fill('Martínez Soler');
    await dialog.getByRole('button', { name: 'German' }).click();
    await dialog.getByLabel('Bio').fill('Murals by day, vermut by night.');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Profile updated').waitFor();

    const expectSaved = async () => {
      await summary(page).getByText('Sofia Martínez Soler').waitFor();
      await summary(page).getByText('Murals by day, vermut by night.').waitFor();
      await summary(page).getByText('Spanish, English, Catalan, German').waitFor();
      await page.getByRole('switch', { name: 'Auto-accept bookings' }).waitFor();
      expect(await page.getByLabel('Social media handle').inputValue()).toBe('@sofia.paints');
      expect(await page.getByRole('switch', { name: 'Show only to Luxury VIP travellers' }).isChecked()).toBe(
        true,
      );
      expect(await page.getByRole('switch', { name: 'Auto-accept bookings' }).isChecked()).toBe(true);
      expect(await page.getByRole('switch', { name: 'Booking notifications' }).isChecked()).toBe(false);
      expect(await page.getByRole('switch', { name: 'Email updates' }).isChecked()).toBe(true);
    };
    await expectSaved();
    await page.reload();
    await expectSaved();

    // The preview shows the saved profile too.
    await page.getByRole('link', { name: 'Preview my profile' }).click();
    await page.getByRole('heading', { name: 'Sofia Martínez Soler' }).waitFor();
    expect(errors).toEqual([]);

    // A refused change says the server's reason: here the browser no longer holds its session (its cookie
    // expired; a sign-out would close the tab live), so the tab, refused on this request, then goes to the
    // sign-in page (docs/product.md#settings).
    await page.goBack();
    const email = page.getByRole('switch', { name: 'Email updates' });
    expect(await email.isChecked()).toBe(true);
    await context.clearCookies();
    await row(email).click();
    await toast(page, 'User not authenticated').waitFor();
    await page.waitForURL('**/guide/login');
    await context.close();
  });
});
