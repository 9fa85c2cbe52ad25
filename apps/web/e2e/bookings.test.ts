import { BOOKING_MESSAGES } from '@lokal/shared/constants/bookings';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupApp, type Viewport } from './support/app.ts';

const app = setupApp({ env: { RATE_LIMIT_SCALE: '10' } });
const signedIn = (email: string, userType: 'tourist' | 'guide', viewport: Viewport) =>
  app.signedIn(email, userType, viewport);

const TOUR = 'Street Art Walk';
const card = (page: Page) => page.getByTestId('booking-card').filter({ hasText: TOUR });

/** From discovery to the conversation with Sofia, then the booking dialog on her Street Art Walk. */
async function openStreetArtWalk(page: Page): Promise<Locator> {
  await page.goto(`${app.url}/tourist/home`);
  await page.getByLabel('Search guides').fill('sofia');
  await page.getByRole('button', { name: 'Contact Sofia Martinez' }).click();
  await page.waitForURL(/\/tourist\/chats\/.+/);
  await page.getByRole('button', { name: 'Book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Sofia' });
  await dialog
    .getByRole('list', { name: 'Experiences' })
    .getByRole('button', { name: new RegExp(TOUR) })
    .click();
  // The calendar opens on this month in Barcelona, named in words.
  await dialog.getByText('Times are Barcelona time.').waitFor();
  return dialog;
}

/** Next month's days with open times, once its slots are in: every day has some (demo schedule 09:00–21:00). */
async function nextMonth(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Next month' }).click();
  return dialog.locator('[aria-busy="false"] [data-day]:not([data-disabled]) button');
}

const times = (dialog: Locator) => dialog.getByRole('group', { name: /^Times on / });

describe('booking a guide', () => {
  it('a tourist books a slot for 2 and sees the all-in price, the guide sees the request, the slot is gone for the next tourist; accept, then cancel with the refund', async () => {
    const tourist = await signedIn('james.whitfield@demo.lokal.app', 'tourist', { width: 1280, height: 860 });
    const guide = await signedIn('sofia.martinez@demo.lokal.app', 'guide', { width: 390, height: 820 });
    const other = await signedIn('aisha.rahman@demo.lokal.app', 'tourist', { width: 375, height: 740 });
    const t = tourist.page;
    const g = guide.page;
    const a = other.page;

    const dialog = await openStreetArtWalk(t);
    // The form checks itself with the route's schema: no time chosen yet.
    await dialog.getByRole('button', { name: 'Request to book' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Choose a time' }).waitFor();

    const openDay = (await nextMonth(dialog)).first();
    await openDay.click();
    const day = await dialog.locator('[data-day][data-selected]').getAttribute('data-day');
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await times(dialog).getByRole('button', { name: '18:00' }).click();

    // The price follows the party: $85 per person, 2 by default, in the guide's currency (USD here), shown
    // all in (with the 10 % service fee: docs/product.md#payment), the breakdown one click away.
    const price = dialog.getByTestId('booking-price');
    await dialog.getByRole('status', { name: 'People' }).filter({ hasText: '2' }).waitFor();
    await price.getByTestId('booking-total').filter({ hasText: '$187.00' }).waitFor();
    await price.getByText('Price details').click();
    await price.getByText('$85 × 2 people').waitFor();
    expect(await price.innerText()).toContain('Lokal service fee (10 %)');
    await dialog.getByRole('button', { name: 'One person more' }).click();
    await price.getByText('$85 × 3 people').waitFor();
    expect(await price.innerText()).toContain('$255');
    await price.getByTestId('booking-total').filter({ hasText: '$280.50' }).waitFor();
    await dialog.getByRole('button', { name: 'One person fewer' }).click();
    await price.getByText('$85 × 2 people').waitFor();
    expect(await price.innerText()).toContain('$170');
    expect(await price.innerText()).toContain('Flexible cancellation.');

    await dialog.getByRole('button', { name: 'Request to book' }).click();
    await t.getByText('Request sent to Sofia').waitFor();
    const requested = t.getByTestId('system-message').filter({ hasText: `James requested ${TOUR}` });
    await requested.waitFor();
    expect(await requested.innerText()).toContain('for 2 people, $170');

    // The guide sees the request in Bookings, with a notification and the time to answer by.
    await g.goto(`${app.url}/guide/bookings`);
    // Each card is named by its experience and the other person.
    const request = g.getByRole('article', { name: `${TOUR} with James Whitfield` });
    await request.getByTestId('booking-status').filter({ hasText: 'Requested' }).waitFor();
    const requestText = await request.innerText();
    expect(requestText).toContain('for James Whitfield');
    expect(requestText).toContain('18:00');
    expect(requestText).toContain('2 people');
    expect(requestText).toContain('$170');
    expect(await request.getByTestId('booking-expiry').innerText()).toMatch(/^Answer by .+ Barcelona time$/);
    // The guide's breakdown: their price less Lokal's 15 % commission.
    await request.getByText('Price details').click();
    const earnings = await request.getByTestId('money-breakdown').innerText();
    expect(earnings).toContain('Lokal commission');
    expect(earnings).toContain('$144.50');
    await g.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();

    // A second tourist: that day no longer offers 18:00, while its other times are there.
    const second = await openStreetArtWalk(a);
    await (await nextMonth(second)).first().waitFor();
    await second.locator(`[aria-busy="false"] [data-day="${day}"] button`).click();
    await times(second).getByRole('button', { name: '09:00' }).waitFor();
    expect(await times(second).getByRole('button', { name: '18:00' }).count()).toBe(0);

    // Taken while she looks: her request is refused in the dialog and the time leaves her list.
    await times(second).getByRole('button', { name: '16:00' }).click();
    const lucas = await app.newPage();
    await app.signIn(lucas.page, 'lucas.meyer@demo.lokal.app', 'tourist');
    const api = lucas.page.request;
    const guideId = (await (await api.get(`${app.url}/api/guides/search?q=sofia`)).json()).guides[0].id;
    const list = await (await api.get(`${app.url}/api/guides/${guideId}/experiences`)).json();
    const experienceId = list.experiences.find((e: { title: string }) => e.title === TOUR).id;
    const slots = await (
      await api.get(`${app.url}/api/experiences/${experienceId}/slots?from=${day}&to=${day}`)
    ).json();
    const start = slots.slots.find((s: { time: string }) => s.time === '16:00').start;
    const taken = await api.post(`${app.url}/api/bookings`, { data: { experienceId, start, partySize: 1 } });
    expect(taken.status(), await taken.text()).toBe(201);
    await second.getByRole('button', { name: 'Request to book' }).click();
    await second
      .getByRole('alert')
      .filter({ hasText: BOOKING_MESSAGES.slotTaken('Sofia') })
      .waitFor();
    await times(second).getByRole('button', { name: '16:00' }).waitFor({ state: 'detached' });
    await times(second).getByRole('button', { name: '09:00' }).waitFor();
    await lucas.context.close();

    // The guide accepts; live in the tourist's conversation, and in their Bookings.
    await request.getByRole('button', { name: 'Accept' }).click();
    await request.getByTestId('booking-status').filter({ hasText: 'Accepted' }).waitFor();
    await t
      .getByTestId('system-message')
      .filter({ hasText: `Sofia accepted ${TOUR}` })
      .waitFor();
    await t.getByRole('navigation').getByRole('link', { name: 'Bookings' }).click();
    await card(t).getByTestId('booking-status').filter({ hasText: 'Accepted' }).waitFor();
    expect(await card(t).innerText()).toContain('with Sofia Martinez');
    expect(await card(t).getByTestId('booking-policy').innerText()).toContain('Flexible cancellation.');
    // The traveller's card: what they pay, all in, and when (the embedded provider takes no card).
    expect(await card(t).getByTestId('booking-all-in').innerText()).toBe('$187.00 all in');
    await card(t).getByText('Price details').click();
    await card(t).getByTestId('payment-state').filter({ hasText: 'Pay the guide on the day' }).waitFor();

    // The tourist cancels: the dialog estimates the refund (more than 24 h ahead: all of it), a reason is
    // required, and the card then shows the refund the server recorded.
    await card(t).getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = t.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(await cancel.getByTestId('refund-estimate').innerText()).toContain(
      'Estimated refund if you cancel now: $187.00 of $187.00',
    );
    await cancel.getByRole('button', { name: 'Cancel booking' }).click();
    await cancel.getByRole('alert').filter({ hasText: 'Please give a reason' }).waitFor();
    await cancel.getByLabel('Reason').fill('Our flight was moved');
    await cancel.getByRole('button', { name: 'Cancel booking' }).click();
    await t.getByRole('heading', { name: 'Nothing booked yet' }).waitFor();
    await t.getByRole('tab', { name: 'Cancelled' }).click();
    await card(t).getByText('Cancelled by you: Our flight was moved').waitFor();
    expect(await card(t).getByTestId('booking-refund').innerText()).toBe('Refund: $187.00 of $187.00');
    await g.reload();
    await g.getByRole('tab', { name: 'Cancelled' }).click();
    await request.getByText('Cancelled by James: Our flight was moved').waitFor();

    expect(tourist.errors).toEqual([]);
    expect(guide.errors).toEqual([]);
    // Aisha's console has the refused request (409) and nothing else.
    expect(other.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await tourist.context.close();
    await guide.context.close();
    await other.context.close();
  });
});
