import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupApp, type Viewport } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { toast } from './support/toast.ts';
import { eventually } from './support/wait.ts';

// The app's frame (docs/product.md#navigation): the role's navigation in the header on wide screens, the tab
// bar on phones, the bell on every signed-in screen; the Favorites screen; the development panel out of the way.
const app = setupApp({ mail: true });

const WIDE: Viewport = { width: 1440, height: 900 };
const PHONE: Viewport = { width: 390, height: 844 };

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

describe('the navigation', () => {
  it('sits in the header on a 1440 px screen and at the bottom on a 390 px phone, marking the current page', async () => {
    for (const [viewport, wide] of [
      [WIDE, true],
      [PHONE, false],
    ] as const) {
      const { context, page, errors } = await app.signedIn(
        'aisha.rahman@demo.lokal.app',
        'tourist',
        viewport,
      );
      await page.goto(`${app.url}/tourist/home`);
      // One "Tourist" navigation is shown at each width: the header's or the tab bar.
      const nav = page.getByRole('navigation', { name: 'Tourist' });
      await nav.getByRole('link', { name: 'Favorites' }).waitFor();
      expect(await page.locator('header nav[aria-label="Tourist"]').isVisible()).toBe(wide);
      expect(await page.locator('nav[data-bottom-bar]').isVisible()).toBe(!wide);
      expect(await nav.getByRole('link', { name: 'Discover' }).getAttribute('aria-current')).toBe('page');
      expect(await nav.getByRole('link', { name: 'Messages' }).getAttribute('aria-current')).toBeNull();
      await bell(page).waitFor();

      // Keyboard: the links are in the Tab order and Enter follows them.
      await nav.getByRole('link', { name: 'Bookings' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/tourist/bookings');
      await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
      await expect
        .poll(() => nav.getByRole('link', { name: 'Bookings' }).getAttribute('aria-current'))
        .toBe('page');

      if (wide) {
        // The discovery grid uses the desktop's width, not a phone's column in the middle.
        await page.goto(`${app.url}/tourist/home`);
        await page.getByTestId('guide-card').first().waitFor();
        const main = await page.getByRole('main').boundingBox();
        expect(main?.width).toBeGreaterThan(1100);
        const cards = await page
          .getByTestId('guide-card')
          .evaluateAll((all) => all.slice(0, 3).map((c) => Math.round(c.getBoundingClientRect().top)));
        expect(new Set(cards).size).toBe(1);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows a guide the bell with its unread count on every screen, and a permanent link to the top 3', async () => {
    // A tourist asks for a tour: the guide gets a notification.
    const tourist = await app.signedIn('lucas.meyer@demo.lokal.app', 'tourist', WIDE);
    const search = await tourist.page.request.get(`${app.url}/api/guides/search?q=sofia`);
    const sofia = (await search.json()).guides[0].id as string;
    const offers = (
      await (await tourist.page.request.get(`${app.url}/api/guides/${sofia}/experiences`)).json()
    ).experiences as { id: string; title: string }[];
    const walk = offers.find((e) => e.title === 'Street Art Walk')!;
    const from = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    const slots = (
      await (
        await tourist.page.request.get(`${app.url}/api/experiences/${walk.id}/slots?from=${from}&to=${to}`)
      ).json()
    ).slots as { start: string }[];
    const requested = await tourist.page.request.post(`${app.url}/api/bookings`, {
      data: { experienceId: walk.id, start: slots[0]!.start, partySize: 2 },
      headers: { origin: app.url },
    });
    expect(requested.status(), await requested.text()).toBe(201);
    await tourist.context.close();

    const { context, page, errors } = await app.signedIn('sofia.martinez@demo.lokal.app', 'guide', WIDE);
    for (const path of [
      '/guide/home',
      '/guide/chats',
      '/guide/bookings',
      '/guide/experiences',
      '/guide/settings',
    ]) {
      await page.goto(`${app.url}${path}`);
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    }
    // Every destination of the guide is one click away in the header, the top 3 among them.
    const nav = page.getByRole('navigation', { name: 'Guide' });
    await nav.getByRole('link', { name: 'Top 3' }).click();
    await page.waitForURL('**/guide/top-tourists');
    await page.getByRole('heading', { name: 'Top 3 premium tourists' }).waitFor();

    // On a phone the dashboard keeps its own link to the top 3, whoever is online.
    const phone = await app.signedIn('sofia.martinez@demo.lokal.app', 'guide', PHONE);
    await phone.page.goto(`${app.url}/guide/home`);
    await phone.page.getByRole('link', { name: 'Top 3 tourists' }).click();
    await phone.page.waitForURL('**/guide/top-tourists');
    await bell(phone.page).waitFor();
    expect([...errors, ...phone.errors]).toEqual([]);
    await phone.context.close();
    await context.close();
  });
});

describe('the Favorites screen', () => {
  it('is empty at first, then shows a guide saved from discovery as the same card', async () => {
    const { context, page, errors } = await app.signedIn('james.whitfield@demo.lokal.app', 'tourist', WIDE);
    await page.goto(`${app.url}/tourist/favorites`);
    await page.getByRole('heading', { name: 'No favorites yet — browse guides' }).waitFor();
    await expectAccessible(page, 'favorites, empty');
    await page.getByRole('link', { name: 'Browse guides' }).click();
    await page.waitForURL('**/tourist/home');
    await page.getByLabel('Search guides').fill('kenji');
    await page.getByRole('button', { name: 'Add Kenji Watanabe to favorites' }).click();
    await toast(page, 'Added Kenji Watanabe to favorites!').waitFor();

    await page.getByRole('navigation', { name: 'Tourist' }).getByRole('link', { name: 'Favorites' }).click();
    await page.waitForURL('**/tourist/favorites');
    const card = page.getByTestId('guide-card').filter({ hasText: 'Kenji Watanabe' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Remove Kenji Watanabe from favorites' }).waitFor();
    await card.getByRole('button', { name: 'Contact Kenji Watanabe' }).waitFor();
    await expectAccessible(page, 'favorites, one guide');

    // Settings no longer lists them; it points here.
    await page.goto(`${app.url}/tourist/settings`);
    await page.getByRole('link', { name: 'Open my favorites' }).click();
    await page.waitForURL('**/tourist/favorites');
    await card.waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the development panel', () => {
  it("stays a small button clear of the guide wizard's Complete button on a 390 px phone", async () => {
    const { context, page, errors } = await app.signedIn('wizard.e2e@lokal.test', 'guide', PHONE);
    await page.goto(`${app.url}/guide/onboarding`);
    await page.getByLabel('First name').fill('Marta');
    await page.getByLabel('Last name').fill('Duarte');
    await page.getByLabel('City where you guide').fill('Lisbon');
    await page.getByRole('button', { name: 'Next' }).click();
    const number = '+15550001234';
    await page.getByLabel('Phone number').fill(number);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').waitFor();
    const code = await eventually(() => {
      try {
        return app.sms.lastCode(number);
      } catch {
        return undefined;
      }
    }, `the SMS code for ${number}`);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.getByText('is verified').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Female', { exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Background check in progress').waitFor();

    const complete = page.getByRole('button', { name: 'Complete' });
    const panel = page.getByRole('complementary', { name: 'Development panel' });
    // Collapsed: one small round button, not a bar across the screen.
    const closed = await panel.boundingBox();
    expect(closed!.width).toBeLessThanOrEqual(48);
    // Wherever the page is scrolled to, nothing lies over the button's middle.
    for (const to of ['top', 'bottom'] as const) {
      await page.evaluate(
        (where) => window.scrollTo(0, where === 'top' ? 0 : document.body.scrollHeight),
        to,
      );
      await complete.scrollIntoViewIfNeeded();
      const box = (await complete.boundingBox())!;
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? '',
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(hit).toBe('Complete');
      const dev = (await panel.boundingBox())!;
      const overlaps =
        dev.x < box.x + box.width &&
        box.x < dev.x + dev.width &&
        dev.y < box.y + box.height &&
        box.y < dev.y + dev.height;
      expect(overlaps).toBe(false);
    }
    await complete.click();
    await page.waitForURL('**/guide/preview');
    expect(errors).toEqual([]);
    await context.close();
  });
});
