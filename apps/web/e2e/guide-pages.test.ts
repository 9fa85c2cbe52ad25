import { paths } from '@lokal/shared/domain/pages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, setupApp } from './support/app.ts';
import { type AxeFinding, formatFindings, seriousViolations } from './support/axe.ts';
import { eventually } from './support/wait.ts';

// Finding a guide by date and party, the public guide and experience pages, booking from them and the guide's
// answer in the conversation (docs/product.md#finding-a-guide, #guide-page, #experience-page, #shared-links).
const STAFF = 'staff.pages@lokal.test';
const app = setupApp({ mail: true, env: { ADMIN_EMAILS: STAFF, RATE_LIMIT_SCALE: '10' } });
const TOUR = 'Street Art Walk';
/** Two weeks ahead: the day the tourist looks for and books. */
const DAY = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
/** The assessment's answers, with the profile hidden (docs/product.md#hidden-and-unverified-guides). */
const HIDDEN = {
  languages: ['English', 'Japanese'],
  customLanguage: '',
  occupation: 'Photographer',
  experiences: ['Art & Museums'],
  musicPreference: { rap: 2, techno: 3, rock: 3 },
  drinks: true,
  cannabisComfort: 1,
  politicalJokes: 3,
  animeKdrama: 'sometimes',
  lgbtqFriendly: true,
  orientation: 'straight',
  hideProfile: true,
  relationshipStatus: 'no',
  socialMedia: '@kenji.photo',
  hideSocialMedia: false,
};

async function audit(found: AxeFinding[], page: Page, where: string) {
  found.push(...(await seriousViolations(page, where)));
}

/** The names on the guide cards the page shows now. */
const cardNames = (page: Page) =>
  page.locator('article h2 > :first-child').evaluateAll((els) => els.map((e) => e.textContent ?? ''));

/** The names of the first page the server answers for this query. */
async function serverNames(page: Page, query: string): Promise<string[]> {
  const res = await page.request.get(`${app.url}/api/guides/search?${query}&limit=12`);
  expect(res.status()).toBe(200);
  return ((await res.json()).guides as { name: string }[]).map((g) => g.name);
}

/** Waits until the cards are exactly `names` (in order): never counts a list before it has rendered. */
const cardsBecome = (page: Page, names: string[], what: string) =>
  eventually(
    async () => {
      const shown = await cardNames(page);
      return shown.length === names.length && shown.every((n, i) => n === names[i]) ? shown : undefined;
    },
    what,
    { timeout: 15_000 },
  );

describe('guide and experience pages', () => {
  it('a tourist finds a guide free two weeks ahead for 3, books from the experience page; the guide accepts in the conversation; the shared link shows a preview', async () => {
    const found: AxeFinding[] = [];
    const tourist = await app.signedIn('james.whitfield@demo.lokal.app', 'tourist', DESKTOP);
    const t = tourist.page;
    await t.goto(`${app.url}${paths.tourist.home}`);
    await t.getByRole('heading', { name: 'Discover local guides' }).waitFor();

    // When and how many: the filters go into the address, and the cards are the server's dated answer.
    await t.getByLabel('Available on').fill(DAY);
    await t.waitForURL((u) => u.searchParams.get('date') === DAY);
    await t.getByLabel('Guests').selectOption({ label: '3 guests' });
    await t.waitForURL((u) => u.searchParams.get('party') === '3' && u.searchParams.get('date') === DAY);
    const dated = await serverNames(t, `date=${DAY}&party=3`);
    expect(dated).toContain('Sofia Martinez');
    await cardsBecome(t, dated, 'the cards of the dated search');
    // A reload keeps the search.
    await t.reload();
    await cardsBecome(t, dated, 'the cards after the reload');
    expect(await t.getByLabel('Available on').inputValue()).toBe(DAY);
    expect(await t.getByLabel('Guests').inputValue()).toBe('3');

    // From a card to the guide's page.
    await t.getByTestId('guide-card').getByRole('link', { name: 'Sofia Martinez' }).click();
    await t.waitForURL('**/guides/sofia-martinez');
    await t.getByRole('heading', { level: 1, name: /Sofia Martinez/ }).waitFor();
    // Sofia's track record (docs/product.md#track-record): her tours; reviewed, so not new on Lokal.
    await t.getByTestId('tours-completed').waitFor();
    expect(await t.getByText(/New (guide|on Lokal)/).count()).toBe(0);
    await t.getByRole('button', { name: 'Message' }).waitFor();
    await t.getByRole('heading', { name: /^Reviews/ }).waitFor();
    await audit(found, t, 'guide page, tourist');

    await t.getByRole('link', { name: new RegExp(TOUR) }).click();
    await t.waitForURL(/\/experiences\/[0-9a-f-]{36}$/);
    const experienceUrl = t.url();
    await t.getByRole('heading', { level: 1, name: TOUR }).waitFor();
    expect(await t.getByTestId('experience-policy').innerText()).toContain('Flexible.');
    await audit(found, t, 'experience page, tourist');

    // The calendar loads on demand, and the keyboard lands in the form.
    await t.getByRole('button', { name: 'Check availability' }).click();
    const form = t.getByRole('form', { name: 'Book this experience' });
    await form.waitFor();
    await eventually(
      () =>
        t.evaluate(
          () => document.activeElement?.getAttribute('aria-label') === 'Book this experience' || undefined,
        ),
      'focus in the booking form',
    );
    // The day searched for (the calendar opens on today in Barcelona), then one of its times.
    const barcelonaToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
    if (DAY.slice(0, 7) !== barcelonaToday.slice(0, 7)) {
      await form.getByRole('button', { name: 'Next month' }).click();
    }
    await form.locator(`[aria-busy="false"] [data-day="${DAY}"]:not([data-disabled]) button`).click();
    await form.locator(`[data-day="${DAY}"][data-selected]`).waitFor();
    await form
      .getByRole('group', { name: /^Times on / })
      .getByRole('button', { name: '18:00' })
      .click();
    // The breakdown follows the party: 3 people at $85.
    await form.getByRole('button', { name: 'One person more' }).click();
    const price = form.getByTestId('booking-price');
    // All in: $255 and the 10 % service fee; the breakdown one click away.
    await price.getByTestId('booking-total').filter({ hasText: '$280.50' }).waitFor();
    await price.getByText('Price details').click();
    await price.getByText('$85 × 3 people').waitFor();
    expect(await price.innerText()).toContain('$255');
    await audit(found, t, 'experience page, booking form');
    await form.getByRole('button', { name: 'Request to book' }).click();

    const confirmation = t.getByTestId('booking-confirmation');
    await confirmation.getByRole('heading', { name: 'Request sent' }).waitFor();
    expect(await confirmation.innerText()).toContain('3 people');
    await confirmation.getByRole('link', { name: 'Open the conversation with Sofia' }).click();
    await t.waitForURL(/\/tourist\/chats\/[0-9a-f-]{36}$/);
    const conversationId = t.url().split('/').pop()!;
    const touristCard = t.getByTestId('booking-card').filter({ hasText: TOUR });
    await touristCard.getByTestId('booking-status').filter({ hasText: 'Requested' }).waitFor();

    // The guide answers from the booking's card in the same conversation.
    const guide = await app.signedIn('sofia.martinez@demo.lokal.app', 'guide', PHONE);
    const g = guide.page;
    await g.goto(`${app.url}/guide/chats/${conversationId}`);
    const request = g.getByTestId('booking-card').filter({ hasText: TOUR });
    await request.getByRole('button', { name: 'Decline' }).waitFor();
    await request.getByRole('button', { name: 'Cancel booking' }).waitFor();
    await request.getByRole('button', { name: 'Accept' }).click();
    await request.getByTestId('booking-status').filter({ hasText: 'Accepted' }).waitFor();
    // Live for the tourist too.
    await touristCard.getByTestId('booking-status').filter({ hasText: 'Accepted' }).waitFor();
    // The chat header's name leads the tourist to the guide's page.
    await t.getByRole('link', { name: 'Sofia Martinez', exact: true }).click();
    await t.waitForURL('**/guides/sofia-martinez');

    // The guide, and staff, see both pages too (and they pass axe).
    await g.goto(`${app.url}/guides/sofia-martinez`);
    await g.getByRole('heading', { level: 1, name: /Sofia Martinez/ }).waitFor();
    await audit(found, g, 'guide page, guide');
    await g.goto(experienceUrl);
    await g.getByRole('heading', { level: 1, name: TOUR }).waitFor();
    await audit(found, g, 'experience page, guide');

    const staff = await app.newPage(DESKTOP);
    const before = app.smtp.mails.length;
    const asked = await staff.page.request.post(`${app.url}/api/auth/staff/request-link`, {
      data: { email: STAFF },
    });
    expect(asked.status()).toBe(200);
    const link = new URL(await app.linkFor(STAFF, before));
    const verified = await staff.page.request.post(`${app.url}/api/auth/staff/verify`, {
      data: { token: link.searchParams.get('token'), email: STAFF },
    });
    expect(verified.status(), await verified.text()).toBe(200);
    await staff.page.goto(`${app.url}/guides/sofia-martinez`);
    await staff.page.getByRole('heading', { level: 1, name: /Sofia Martinez/ }).waitFor();
    await audit(found, staff.page, 'guide page, staff');
    await staff.page.goto(experienceUrl);
    await staff.page.getByRole('heading', { level: 1, name: TOUR }).waitFor();
    await audit(found, staff.page, 'experience page, staff');

    // Signed out: the shared link shows the preview, with the tags in the HTML the server sent.
    const visitor = await app.newPage(PHONE);
    const html = await (await visitor.page.request.get(experienceUrl)).text();
    expect(html).toContain(
      `<meta property="og:title" content="${TOUR} with Sofia Martinez in Barcelona | Lokal">`,
    );
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+">/);
    expect(html).toMatch(/<meta property="og:description" content="[^"]*From \$85 per person, 2 h\.">/);
    expect(html).toContain('data-testid="public-preview"');
    await visitor.page.goto(experienceUrl);
    const preview = visitor.page.getByTestId('public-preview');
    await preview.getByRole('heading', { level: 1, name: TOUR }).waitFor();
    await preview.getByRole('link', { name: 'Request an invite' }).waitFor();
    expect(await preview.innerText()).not.toContain('Meeting point');
    await audit(found, visitor.page, 'experience page, signed out');
    const signIn = preview.getByRole('link', { name: 'Sign in' }).first();
    expect(await signIn.getAttribute('href')).toBe(
      `${paths.tourist.login}?redirect=${encodeURIComponent(new URL(experienceUrl).pathname)}`,
    );
    await visitor.page.goto(`${app.url}/guides/sofia-martinez`);
    await visitor.page.getByTestId('public-preview').getByRole('heading', { level: 1 }).waitFor();
    await audit(found, visitor.page, 'guide page, signed out');

    for (const tab of [tourist, guide, staff, visitor]) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
    expect(found, formatFindings(found)).toEqual([]);
    // A long journey through four browsers on a busy machine.
  }, 300_000);

  it("a hidden guide's page answers 404", async () => {
    const guide = await app.signedIn('kenji.watanabe@demo.lokal.app', 'guide', DESKTOP);
    const me = await (await guide.page.request.get(`${app.url}/api/guides/me`)).json();
    const url = `${app.url}/guides/${me.profile.slug}`;
    const visitor = await app.newPage(DESKTOP);
    expect((await visitor.page.request.get(url)).status()).toBe(200);
    // The guide hides the profile in the assessment's answers.
    const hide = await guide.page.request.post(`${app.url}/api/guides/personality-assessment`, {
      data: HIDDEN,
    });
    expect(hide.status(), await hide.text()).toBe(200);
    const res = await visitor.page.request.get(url);
    expect(res.status()).toBe(404);
    await visitor.page.goto(url);
    await visitor.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    // Its owner still sees it, marked hidden.
    await guide.page.goto(url);
    await guide.page.getByText('Travellers cannot see this page').waitFor();
    await guide.context.close();
    await visitor.context.close();
  });

  it('on a phone the filters sit in a sheet, and an impossible search says so and clears', async () => {
    const { context, page, errors } = await app.signedIn('james.whitfield@demo.lokal.app', 'tourist', PHONE);
    await page.goto(`${app.url}${paths.tourist.home}`);
    await page.getByRole('article').first().waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    // One filter at a time: each change starts from the address as it stands once the last one is in it.
    await sheet.getByLabel('City').fill('Atlantis');
    await sheet.getByLabel('City').press('Enter');
    await page.waitForURL((u) => u.searchParams.get('city') === 'Atlantis');
    await sheet.getByLabel('Guests').selectOption({ label: '3 guests' });
    await page.waitForURL(
      (u) => u.searchParams.get('party') === '3' && u.searchParams.get('city') === 'Atlantis',
    );
    await sheet.getByRole('button', { name: 'Show guides' }).click();
    await page.getByRole('heading', { name: 'No guides match these filters' }).waitFor();
    await page.getByText(/^Nobody matches in Atlantis, for 3 people\. Remove a filter/).waitFor();
    await page.getByRole('button', { name: /^Filters 2 set$/ }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('article').first().waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
