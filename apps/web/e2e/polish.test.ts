import { NETWORK_MESSAGES as M } from '@lokal/shared/constants/network';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupApp, type Viewport } from './support/app.ts';

// Rough edges of the signed-in screens: where a cancelled booking is listed, the conversation row following a
// booking live, a screen opened offline that never loaded, and the development panel clear of every control.
const app = setupApp({ env: { RATE_LIMIT_SCALE: '10' } });

const PHONE: Viewport = { width: 390, height: 800 };
const WIDE: Viewport = { width: 1440, height: 900 };
const TOUR = 'Street Art Walk';

/** The next open start of Sofia's Street Art Walk at least `daysAhead` days away, read as a tourist reads it. */
async function openStart(api: APIRequestContext, daysAhead: number) {
  const guideId = (await (await api.get(`${app.url}/api/guides/search?q=sofia`)).json()).guides[0].id;
  const list = await (await api.get(`${app.url}/api/guides/${guideId}/experiences`)).json();
  const experienceId = list.experiences.find((e: { title: string }) => e.title === TOUR).id as string;
  const from = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + (daysAhead + 6) * 86_400_000).toISOString().slice(0, 10);
  const slots = await (
    await api.get(`${app.url}/api/experiences/${experienceId}/slots?from=${from}&to=${to}`)
  ).json();
  return { experienceId, start: slots.slots[0].start as string };
}

async function book(api: APIRequestContext, daysAhead: number) {
  const { experienceId, start } = await openStart(api, daysAhead);
  const res = await api.post(`${app.url}/api/bookings`, { data: { experienceId, start, partySize: 1 } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).booking as { id: string };
}

async function act(api: APIRequestContext, id: string, action: 'accept' | 'cancel', reason?: string) {
  const res = await api.post(`${app.url}/api/bookings/${id}/${action}`, reason ? { data: { reason } } : {});
  expect(res.status(), await res.text()).toBe(200);
}

describe('a cancelled booking', () => {
  for (const viewport of [PHONE, WIDE]) {
    it(`is listed under Cancelled, not Past, while it was still to come (${viewport.width} px)`, async () => {
      const tourist = await app.signedIn('james.whitfield@demo.lokal.app', 'tourist', viewport);
      const guide = await app.signedIn('sofia.martinez@demo.lokal.app', 'guide', viewport);
      const booking = await book(tourist.page.request, viewport === PHONE ? 20 : 30);
      await act(tourist.page.request, booking.id, 'cancel', 'Plans changed');
      for (const [{ page }, home] of [
        [tourist, '/tourist/bookings'],
        [guide, '/guide/bookings'],
      ] as const) {
        const cards = page.getByTestId('booking-card').filter({ hasText: 'Plans changed' });
        await page.goto(`${app.url}${home}?tab=past`);
        await page.getByRole('tab', { name: 'Past', selected: true }).waitFor();
        await expect
          .poll(() =>
            page
              .getByTestId('booking-card')
              .or(page.getByRole('heading', { name: 'No past bookings' }))
              .count(),
          )
          .toBeGreaterThan(0);
        expect(await cards.count()).toBe(0);
        await page.getByRole('tab', { name: 'Upcoming' }).click();
        await expect
          .poll(() =>
            page
              .getByTestId('booking-card')
              .or(page.getByRole('heading', { name: 'Nothing booked yet' }))
              .count(),
          )
          .toBeGreaterThan(0);
        expect(await cards.count()).toBe(0);
        await page.getByRole('tab', { name: 'Cancelled' }).click();
        await cards.first().waitFor();
        expect(await cards.first().getByTestId('booking-status').innerText()).toContain('Cancelled');
      }
      expect(tourist.errors).toEqual([]);
      expect(guide.errors).toEqual([]);
      await tourist.context.close();
      await guide.context.close();
    });
  }
});

describe('the conversation row', () => {
  it('follows the booking live in the other member’s open list (390 px and 1440 px)', async () => {
    const tourist = await app.signedIn('aisha.rahman@demo.lokal.app', 'tourist', WIDE);
    const guide = await app.signedIn('sofia.martinez@demo.lokal.app', 'guide', PHONE);
    const t = tourist.page;
    const g = guide.page;
    // The pair's conversation exists before any booking: the tourist writes first.
    await t.goto(`${app.url}/tourist/home`);
    await t.getByLabel('Search guides').fill('sofia');
    await t.getByRole('button', { name: 'Contact Sofia Martinez' }).click();
    await t.waitForURL(/\/tourist\/chats\/.+/);
    const box = t.getByRole('textbox', { name: 'Message Sofia Martinez' });
    await box.fill('Hello Sofia, is next month open?');
    await box.press('Enter');
    await t.getByLabel('Sent').first().waitFor();

    const rowOf = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });
    await t.goto(`${app.url}/tourist/chats`);
    await g.goto(`${app.url}/guide/chats`);
    const guideRow = rowOf(g, 'Aisha').getByTestId('conversation-booking');
    const touristRow = rowOf(t, 'Sofia').getByTestId('conversation-booking');
    await rowOf(g, 'Aisha').first().waitFor();
    await rowOf(t, 'Sofia').first().waitFor();

    const booking = await book(t.request, 12);
    await guideRow.filter({ hasText: 'Requested ·' }).waitFor();
    await act(g.request, booking.id, 'accept');
    await touristRow.filter({ hasText: 'Booked ·' }).waitFor();
    await act(g.request, booking.id, 'cancel', 'I am ill that day');
    await expect.poll(() => touristRow.filter({ hasText: 'Booked ·' }).count()).toBe(0);
    expect(tourist.errors).toEqual([]);
    expect(guide.errors).toEqual([]);
    await tourist.context.close();
    await guide.context.close();
  });
});

describe('a screen opened offline that never loaded', () => {
  for (const viewport of [PHONE, WIDE]) {
    it(`says so instead of a skeleton, and opens once back online (${viewport.width} px)`, async () => {
      const { context, page, errors } = await app.signedIn(
        'james.whitfield@demo.lokal.app',
        'tourist',
        viewport,
        {
          serviceWorker: true,
        },
      );
      await page.goto(`${app.url}/tourist/home`);
      await page.getByRole('heading', { name: 'Discover local guides' }).waitFor();
      // The worker holds every chunk of the build once it controls the page: the Bookings screen's code opens
      // offline, its data cannot.
      await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js'));
      await context.setOffline(true);
      await page.getByTestId('connection-banner').filter({ hasText: M.offlineBanner }).waitFor();
      await page.getByRole('navigation').getByRole('link', { name: 'Bookings' }).first().click();
      const state = page.getByTestId('offline-unloaded');
      await state.getByText(M.notLoadedBody).waitFor();
      await state.getByRole('heading', { name: M.offlineTitle }).waitFor();
      // Offline, Try again keeps saying so.
      await state.getByRole('button', { name: M.tryAgain }).click();
      await state.getByText(M.notLoadedBody).waitFor();

      // Back online, the screen's reads go out by themselves and the screen opens.
      await context.setOffline(false);
      await state.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Bookings', exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Upcoming', selected: true }).waitFor();
      expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
      await context.close();
    });
  }
});

/**
 * Every visible control of the page whose content (its box inside the padding: text, icon, field) the
 * panel's box overlaps, by its text or label. A full-width row keeps its padding at the screen's edge, where
 * the closed panel sits; what the row shows and a tap on it stay clear.
 */
async function controlsUnder(page: Page) {
  return page.evaluate(() => {
    const panel = document.querySelector('aside[aria-label="Development panel"]');
    if (!panel) return ['(no panel)'];
    const p = panel.getBoundingClientRect();
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [role="button"], [role="tab"], [role="switch"]',
    )) {
      if (panel.contains(el)) continue;
      const b = el.getBoundingClientRect();
      const css = getComputedStyle(el);
      if (b.width === 0 || b.height === 0 || css.visibility === 'hidden') continue;
      const r = {
        left: b.left + Number.parseFloat(css.paddingLeft),
        right: b.right - Number.parseFloat(css.paddingRight),
        top: b.top + Number.parseFloat(css.paddingTop),
        bottom: b.bottom - Number.parseFloat(css.paddingBottom),
      };
      if (r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom) {
        found.push(el.getAttribute('aria-label') || el.textContent?.trim() || el.tagName);
      }
    }
    return found;
  });
}

describe('the development panel', () => {
  for (const viewport of [PHONE, WIDE]) {
    it(`covers no control of the screens under it, scrolled to the top or the end (${viewport.width} px)`, async () => {
      const tourist = await app.signedIn('james.whitfield@demo.lokal.app', 'tourist', viewport);
      const guide = await app.signedIn('sofia.martinez@demo.lokal.app', 'guide', viewport);
      const screens: [Page, string, string][] = [
        [tourist.page, '/', 'Lokal'],
        [tourist.page, '/tourist/home', 'Discover local guides'],
        [tourist.page, '/tourist/bookings', 'Bookings'],
        [tourist.page, '/tourist/chats', 'Messages'],
        [tourist.page, '/tourist/settings', 'Settings'],
        [guide.page, '/guide/home', ''],
        [guide.page, '/guide/bookings', 'Bookings'],
        [guide.page, '/guide/chats', 'Messages'],
      ];
      for (const [page, path, heading] of screens) {
        await page.goto(`${app.url}${path}`);
        if (heading) await page.getByRole('heading', { name: heading }).first().waitFor();
        await page.getByRole('complementary', { name: 'Development panel' }).waitFor();
        await page.locator('[data-skeleton]').waitFor({ state: 'detached' });
        for (const to of ['top', 'end'] as const) {
          await page.evaluate(
            (where) => window.scrollTo(0, where === 'top' ? 0 : document.documentElement.scrollHeight),
            to,
          );
          expect(await controlsUnder(page), `${path} at the ${to}`).toEqual([]);
        }
      }
      await tourist.context.close();
      await guide.context.close();
    });
  }
});
