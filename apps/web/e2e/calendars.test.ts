import { readFileSync } from 'node:fs';
import { zonedTimeToInstant } from '@lokal/shared/domain/time-zone';
import { describe, expect, it } from 'vitest';
import { setupApp } from './support/app.ts';
import { toast } from './support/toast.ts';

// Bookings in the member's own calendar (docs/product.md#calendars): the feed link in settings, and
// "Add to calendar" on a booking card.
const app = setupApp({ env: { RATE_LIMIT_SCALE: '10' } });

const SHOTS = process.env.SCREENSHOTS_DIR;

describe('calendars', () => {
  it('a traveller creates the calendar feed link in settings, sees it, and revokes it', async () => {
    const { page, errors } = await app.signedIn('james.whitfield@demo.lokal.app', 'tourist', {
      width: 375,
      height: 740,
    });
    await page.goto(`${app.url}/tourist/settings`);
    const section = page.getByRole('region', { name: 'Calendar feed' });
    await section.getByText('You have no calendar feed.').waitFor();
    await section.getByRole('button', { name: 'Create feed link' }).click();
    const webcal = section.getByRole('textbox', { name: 'Subscribe in your calendar app' });
    await webcal.waitFor();
    const address = await webcal.inputValue();
    expect(address).toMatch(/^webcal:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const https = await section.getByRole('textbox', { name: 'Or add by URL' }).inputValue();
    expect(https).toBe(address.replace('webcal:', 'http:'));
    // The address works without a session: a calendar app has none.
    const feed = await fetch(https);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    if (SHOTS) {
      await section.screenshot({ path: `${SHOTS}/settings-calendar-375.png` });
      await page.setViewportSize({ width: 1440, height: 900 });
      await section.screenshot({ path: `${SHOTS}/settings-calendar-1440.png` });
    }

    await section.getByRole('button', { name: 'Revoke' }).click();
    await toast(page, 'Calendar feed revoked').waitFor();
    await section.getByText('You have no calendar feed.').waitFor();
    expect((await fetch(https)).status).toBe(404);
    // A feed made again is shown as on after a reload, without its address (only its hash is kept).
    await section.getByRole('button', { name: 'Create feed link' }).click();
    await webcal.waitFor();
    await page.reload();
    await section.getByText(/^Your feed is on since/).waitFor();
    if (SHOTS) await section.screenshot({ path: `${SHOTS}/settings-calendar-on-1440.png` });
    await section.getByRole('button', { name: 'Revoke' }).click();
    await section.getByText('You have no calendar feed.').waitFor();
    expect(errors).toEqual([]);
  });

  it('"Add to calendar" on a booking card downloads the booking as an .ics file', async () => {
    const guide = await app.newPage();
    const signIn = await guide.page.request.post(`${app.url}/api/dev/mock-sign-in`, {
      data: { email: 'sofia.martinez@demo.lokal.app', userType: 'guide' },
    });
    const sofiaId = (await signIn.json()).user.id as string;
    const { page, errors } = await app.signedIn('james.whitfield@demo.lokal.app', 'tourist', {
      width: 1440,
      height: 900,
    });
    const offers = await (await page.request.get(`${app.url}/api/guides/${sofiaId}/experiences`)).json();
    const walk = offers.experiences.find((e: { title: string }) => e.title === 'Street Art Walk');
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const booked = await page.request.post(`${app.url}/api/bookings`, {
      data: {
        experienceId: walk.id,
        start: zonedTimeToInstant(day, '18:00', 'Europe/Madrid')!.toISOString(),
        partySize: 2,
        note: '',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    await page.goto(`${app.url}/tourist/bookings`);
    const card = page.getByRole('article', { name: 'Street Art Walk with Sofia Martinez' });
    const link = card.getByRole('link', { name: 'Add to calendar' });
    await link.waitFor();
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/bookings-calendar-1440.png` });
      await page.setViewportSize({ width: 375, height: 740 });
      await card.screenshot({ path: `${SHOTS}/bookings-calendar-375.png` });
    }
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^lokal-booking-.+\.ics$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('SUMMARY:Street Art Walk with Sofia Martinez');
    expect(errors).toEqual([]);
  });
});
