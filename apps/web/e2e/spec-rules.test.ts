import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupApp, type Viewport } from './support/app.ts';
import { eventually } from './support/wait.ts';

// Development mode from the first render, the bot check before an SMS code, and a number already on the
// account (docs/product.md#access-guard, docs/product.md#onboarding; decision 094). The app runs with its
// defaults: the bot check on.
const app = setupApp({ mail: true });

const WIDE: Viewport = { width: 1440, height: 900 };
const PHONE: Viewport = { width: 390, height: 844 };
const SIZES = [
  ['1440 px', WIDE],
  ['390 px', PHONE],
] as const;
let seq = 0;
let phone = 4_155_570_100 + Math.floor(Math.random() * 1000) * 10;

/** Every path this page's history went through, client-side redirects included. */
async function recordPaths(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [location.pathname];
    (window as unknown as { seenPaths: string[] }).seenPaths = seen;
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (data: unknown, unused: string, url?: string | URL | null) => {
        if (url) seen.push(new URL(url, location.href).pathname);
        return original(data, unused, url);
      };
    }
  });
}
const seenPaths = (page: Page) =>
  page.evaluate(() => (window as unknown as { seenPaths: string[] }).seenPaths);

const codeFor = (number: string) =>
  eventually(() => {
    try {
      return app.sms.lastCode(number);
    } catch {
      return undefined;
    }
  }, `the SMS code for ${number}`);

describe('development mode', () => {
  for (const [name, viewport] of SIZES) {
    it(`shows a guarded page on a reload at ${name}, never a redirect`, async () => {
      // A tourist who has not onboarded: without development mode the guard sends them to onboarding.
      const { context, page, errors } = await app.signedIn(
        `dev.reload.${seq++}@lokal.test`,
        'tourist',
        viewport,
      );
      await page.goto(`${app.url}/tourist/home`);
      await page.waitForURL('**/tourist/onboarding');
      await page.evaluate(() => localStorage.setItem('developmentModeEnabled', 'true'));
      await recordPaths(page);
      await page.goto(`${app.url}/tourist/home`);
      await page.getByRole('heading', { name: 'Discover local guides' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Discover local guides' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/tourist/home');
      // From the first render on: the history never held another page.
      expect(await seenPaths(page)).toEqual(['/tourist/home']);
      // The server still decides for itself: what it keeps from a member who has not onboarded is refused (403).
      expect(errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
      await context.close();
    });
  }
});

describe('the phone step', () => {
  for (const [name, viewport] of SIZES) {
    it(`solves the bot check, sends the code, and moves on at once for a number already on the account at ${name}`, async () => {
      const { context, page, errors } = await app.signedIn(
        `bot.check.${seq++}@lokal.test`,
        'tourist',
        viewport,
      );
      const number = `+1${phone++}`;
      const toStep2 = async () => {
        await page.goto(`${app.url}/tourist/onboarding`);
        await page.getByLabel('First name').fill('Ines');
        await page.getByLabel('Last name').fill('Moreau');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByLabel('Phone number').fill(number);
      };
      const challenge = page.waitForResponse((r) => r.url().endsWith('/api/phone/challenge'));
      await toStep2();
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/phone/send-code'));
      expect((await (await challenge).json()).challenge).not.toBeNull();
      await page.getByRole('button', { name: 'Send code' }).click();
      // The code was asked for with the solved challenge (the server refuses it otherwise).
      expect((await sent).postDataJSON().botCheck).toEqual(expect.any(String));
      await page.getByLabel('Verification code').fill(await codeFor(number));
      await page.getByRole('button', { name: 'Verify code' }).click();
      await page.getByText('is verified').waitFor();

      // Again from the start: the same number is already this account's, so the step is passed at once.
      const sms = app.sms.messages.length;
      await toStep2();
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByRole('group', { name: 'Pick your occupation' }).waitFor();
      expect(app.sms.messages.length).toBe(sms);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('the Favorite heart', () => {
  it('is always shown on a 390 px touch screen, and only on hover at 1440 px with a mouse', async () => {
    for (const [viewport, touch] of [
      [PHONE, true],
      [WIDE, false],
    ] as const) {
      const context = await app.browser.newContext({
        viewport,
        hasTouch: touch,
        isMobile: touch,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.goto(`${app.url}/`);
      const card = page.locator('section[aria-labelledby="guides"] article').first();
      const heart = card.getByTestId('favorite-button');
      await heart.waitFor();
      const opacity = () => heart.evaluate((el) => getComputedStyle(el).opacity);
      // A screen that cannot hover shows it at once: nothing there would ever reveal it.
      await expect.poll(opacity).toBe(touch ? '1' : '0');
      if (!touch) {
        await card.hover();
        await expect.poll(opacity).toBe('1');
      }
      await context.close();
    }
  });
});
