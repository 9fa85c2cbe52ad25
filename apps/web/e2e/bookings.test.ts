import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupApp, type Viewport } from './support/app.ts';

const app = setupApp({ env: { RATE_LIMIT_SCALE: '10' } });
const signedIn = (email: string, userType: 'tourist' | 'guide', viewport: Viewport) =>
  app.signedIn(email, userType, viewport);

/** A date ten days from now, as the date input takes it. */
function inTenDays(): string {
  return new Date(Date.now() + 10 * 24 * 60 * 60_000).toISOString().slice(0, 10);
}

const card = (page: Page, tour: string) => page.getByTestId('booking-card').filter({ hasText: tour });

describe('booking a guide', () => {
  it('a tourist requests from the conversation, the guide accepts, both see it in Bookings and in the chat', async () => {
    const tourist = await signedIn('james.whitfield@demo.lokal.app', 'tourist', { width: 1280, height: 860 });
    const guide = await signedIn('sofia.martinez@demo.lokal.app', 'guide', { width: 390, height: 820 });
    const t = tourist.page;
    const g = guide.page;

    await t.goto(`${app.url}/tourist/home`);
    await t.getByLabel('Search guides').fill('sofia');
    await t.getByRole('button', { name: 'Contact Sofia Martinez' }).click();
    await t.waitForURL(/\/tourist\/chats\/.+/);
    await t.getByRole('button', { name: 'Book' }).click();
    const dialog = t.getByRole('dialog', { name: 'Book Sofia' });
    await dialog.getByText('Times are Barcelona time (Europe/Madrid).').waitFor();
    // The form checks itself with the route's schema: no tour chosen yet.
    await dialog.getByRole('button', { name: 'Request booking' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Choose one of the tours this guide offers.' })
      .waitFor();
    await dialog.getByRole('radio', { name: /Street Art Walk/ }).check();
    await dialog.getByLabel('Date').fill(inTenDays());
    await dialog.getByLabel('Start time').fill('18:00');
    await dialog.getByRole('button', { name: 'One person more' }).click();
    expect(await dialog.getByTestId('booking-total').innerText()).toContain('Total $255');
    await dialog.getByRole('button', { name: 'Request booking' }).click();
    await t.getByText('Request sent to Sofia').waitFor();
    const requested = t.getByTestId('system-message').filter({ hasText: 'James requested Street Art Walk' });
    await requested.waitFor();
    expect(await requested.innerText()).toContain('for 3 people, $255');

    // The guide sees the request in Bookings, with a notification, and accepts it.
    await g.goto(`${app.url}/guide/bookings`);
    const request = card(g, 'Street Art Walk');
    await request.getByTestId('booking-status').filter({ hasText: 'Requested' }).waitFor();
    expect(await request.innerText()).toContain('for James Whitfield');
    expect(await request.innerText()).toContain('18:00');
    await g.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();
    await request.getByRole('button', { name: 'Accept' }).click();
    await request.getByTestId('booking-status').filter({ hasText: 'Accepted' }).waitFor();

    // Live in the tourist's conversation, and in their Bookings.
    await t.getByTestId('system-message').filter({ hasText: 'Sofia accepted Street Art Walk' }).waitFor();
    await t.getByRole('navigation').getByRole('link', { name: 'Bookings' }).click();
    await card(t, 'Street Art Walk').getByTestId('booking-status').filter({ hasText: 'Accepted' }).waitFor();
    expect(await card(t, 'Street Art Walk').innerText()).toContain('with Sofia Martinez');

    // The tourist cancels: a reason is required, and the booking moves to Past for both.
    await card(t, 'Street Art Walk').getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = t.getByRole('dialog', { name: 'Cancel this booking?' });
    await cancel.getByRole('button', { name: 'Cancel booking' }).click();
    await cancel.getByRole('alert').filter({ hasText: 'Please give a reason' }).waitFor();
    await cancel.getByLabel('Reason').fill('Our flight was moved');
    await cancel.getByRole('button', { name: 'Cancel booking' }).click();
    await t.getByRole('heading', { name: 'Nothing booked yet' }).waitFor();
    await t.getByRole('tab', { name: 'Past' }).click();
    await card(t, 'Street Art Walk').getByText('Cancelled by you: Our flight was moved').waitFor();
    await g.reload();
    await g.getByRole('tab', { name: 'Past' }).click();
    await card(g, 'Street Art Walk').getByText('Cancelled by James: Our flight was moved').waitFor();

    expect(tourist.errors).toEqual([]);
    expect(guide.errors).toEqual([]);
    await tourist.context.close();
    await guide.context.close();
  });
});
