import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, setupApp } from './support/app.ts';
import { eventually } from './support/wait.ts';

const app = setupApp();

const GUIDE = 'sofia.martinez@demo.lokal.app';
const TOURIST = 'james.whitfield@demo.lokal.app';
/** Two weeks ahead: the day the tourist looks for. */
const DAY = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

/** The names on the guide cards the page shows now. */
const cardNames = (page: Page) =>
  page.locator('article h2 > :first-child').evaluateAll((els) => els.map((e) => e.textContent ?? ''));

/** The names of the first page the server answers for this query. */
async function serverNames(page: Page, query: string): Promise<string[]> {
  const res = await page.request.get(`${app.url}/api/guides/search?${query}&limit=12`);
  expect(res.status()).toBe(200);
  return ((await res.json()).guides as { name: string }[]).map((g) => g.name);
}

/** Waits until the cards are exactly `names` (in order), and returns them. */
const cardsBecome = (page: Page, names: string[], what: string) =>
  eventually(
    async () => {
      const shown = await cardNames(page);
      return shown.length === names.length && shown.every((n, i) => n === names[i]) ? shown : undefined;
    },
    what,
    { timeout: 15_000 },
  );

describe('finding a guide by where and when', () => {
  it('a tourist filters by a date two weeks ahead and a party of 3; the URL keeps the search through a reload, back and clearing', async () => {
    // Sofia blocks that day in her calendar: she must drop out of the dated search.
    const guide = await app.signedIn(GUIDE, 'guide');
    const current = await guide.page.request.get(`${app.url}/api/availability`);
    expect(current.status()).toBe(200);
    const { availability } = await current.json();
    const blocked = await guide.page.request.patch(`${app.url}/api/availability`, {
      headers: { origin: app.url },
      data: {
        weekly: availability.weekly,
        exceptions: [...availability.exceptions, { date: DAY, kind: 'blocked' }],
        noticeHours: availability.noticeHours,
        bufferMinutes: availability.bufferMinutes,
        maxPerDay: availability.maxPerDay,
      },
    });
    expect(blocked.status(), await blocked.text()).toBe(200);
    await guide.context.close();

    const { context, page, errors } = await app.signedIn(TOURIST, 'tourist', DESKTOP);
    await page.goto(`${app.url}/tourist/home`);
    await page.getByRole('heading', { name: 'Discover local guides' }).waitFor();
    await page.getByRole('article').first().waitFor();

    // Where: Barcelona, where Sofia guides.
    await page.getByLabel('City').fill('Barcelona');
    await page.getByLabel('City').press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Sofia Martinez' }).waitFor();

    // When and how many.
    await page.getByLabel('Available on').fill(DAY);
    await page.getByLabel('Guests').selectOption({ label: '3 guests' });
    await page.waitForURL(
      (url) => url.searchParams.get('party') === '3' && url.searchParams.get('date') === DAY,
    );
    const url = new URL(page.url());
    expect(url.searchParams.get('city')).toBe('Barcelona');

    const expected = await serverNames(page, `city=Barcelona&date=${DAY}&party=3`);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected).not.toContain('Sofia Martinez');
    await cardsBecome(page, expected, 'the cards of the dated search');
    await page
      .getByRole('status')
      .filter({ hasText: `${expected.length} guide` })
      .waitFor();

    // A reload keeps the search: the fields and the cards.
    await page.reload();
    await page.getByRole('heading', { name: 'Discover local guides' }).waitFor();
    await cardsBecome(page, expected, 'the cards after the reload');
    expect(await page.getByLabel('Available on').inputValue()).toBe(DAY);
    expect(await page.getByLabel('Guests').inputValue()).toBe('3');
    expect(await page.getByLabel('City').inputValue()).toBe('Barcelona');

    // Clearing restores the whole list.
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL((u) => !u.searchParams.has('date') && !u.searchParams.has('city'));
    const everyone = await serverNames(page, 'sort=recommended');
    await cardsBecome(page, everyone, 'the cards without filters');
    expect(await page.getByLabel('Available on').inputValue()).toBe('');
    expect(await page.getByLabel('City').inputValue()).toBe('');

    // Back returns to the filtered search.
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('date') === DAY);
    await cardsBecome(page, expected, 'the cards after going back');
    expect(await page.getByLabel('City').inputValue()).toBe('Barcelona');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the filters sit in a sheet, and an impossible search says so and clears', async () => {
    const { context, page, errors } = await app.signedIn(TOURIST, 'tourist', PHONE);
    await page.goto(`${app.url}/tourist/home`);
    await page.getByRole('article').first().waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByLabel('City').fill('Atlantis');
    await sheet.getByLabel('Guests').selectOption({ label: '3 guests' });
    await page.waitForURL((u) => u.searchParams.get('party') === '3');
    await sheet.getByLabel('City').press('Enter');
    await page.waitForURL((u) => u.searchParams.get('city') === 'Atlantis');
    await sheet.getByRole('button', { name: 'Show guides' }).click();
    await page.getByRole('heading', { name: 'No guides match these filters' }).waitFor();
    await page.getByText(/^Nobody matches in Atlantis, for 3 people\. Clear filters/).waitFor();
    await page.getByRole('button', { name: /^Filters 2 set$/ }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('article').first().waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
