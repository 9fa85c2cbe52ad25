import { zonedTimeToInstant } from '@lokal/shared/domain/time-zone';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { mockSignIn, openTestDatabase, testConfig } from './helper.ts';
import { type CapturedMail, startSmtpServer } from './mail-helper.ts';

// Bookings in members' calendars (docs/product.md#calendars): the .ics of a booking, the invitation and
// cancellation e-mails through a real SMTP server, and the private feed.

const clock = Date.parse('2026-11-23T10:00:00.000Z');
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

type Who = { cookie: string; id: string; email: string };
let sofia: Who;
let james: Who;
let stranger: Who;
let streetArt: string;

const get = (url: string, who?: Who) => app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
const post = (url: string, who: Who, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
const del = (url: string, who: Who) => app.inject({ method: 'DELETE', url, headers: { cookie: who.cookie } });

/** The instant Barcelona's clocks show `date` `time`. */
const at = (date: string, time = '18:00') => zonedTimeToInstant(date, time, 'Europe/Madrid')!.toISOString();

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((v) => ({
    vevent: v,
    event: new ICAL.Event(v),
  }));
  return { calendar, events };
}

/** The text/calendar part of a raw mail, decoded. */
function calendarPart(mail: CapturedMail): string {
  const parts = mail.raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /^Content-Type: text\/calendar/im.test(p));
  if (!part) throw new Error(`no text/calendar part in:\n${mail.raw.slice(0, 2000)}`);
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head!))
    return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head!))
    return Buffer.from(
      content
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return content;
}

const mailsTo = (who: Who) => smtp.mails.filter((m) => m.to.includes(who.email));

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await openTestDatabase();
  app = await buildApp(testConfig({ rateLimitScale: 10, smtpUrl: smtp.url }), {
    database,
    seed: true,
    now: () => clock,
  });
  await app.ready();
  sofia = await mockSignIn(app, 'sofia.martinez@demo.lokal.app', 'guide');
  james = await mockSignIn(app, 'james.whitfield@demo.lokal.app', 'tourist');
  const others = await database.db.execute(
    sql`select email from users where role = 'tourist' and email like '%@demo.lokal.app' and email <> ${james.email} limit 1`,
  );
  stranger = await mockSignIn(
    app,
    (others as unknown as { rows: { email: string }[] }).rows[0]!.email,
    'tourist',
  );
  const offers = (await get(`/api/guides/${sofia.id}/experiences`, james)).json().experiences;
  streetArt = offers.find((e: { title: string }) => e.title === 'Street Art Walk').id;
  // The meeting point with its coordinates, to read back from the event.
  await database.db.execute(
    sql`update experiences set meeting_address = 'Plaça Reial fountain, by the lamp posts; Barcelona', meeting_lat = 41.380205, meeting_lng = 2.175351 where id = ${streetArt}`,
  );
  await app.outbox.drain();
}, 120_000);
afterAll(async () => {
  await app.close();
  await database.close();
  await smtp.close();
});

describe('a booking in the calendar', () => {
  let id: string;
  let booking: { startAt: string; endAt: string };

  it('is an invitation once accepted: e-mailed with the .ics, and the same file on "Add to calendar"', async () => {
    const asked = await post('/api/bookings', james, {
      experienceId: streetArt,
      start: at('2026-12-14'),
      partySize: 2,
      note: 'Murals, please',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    id = asked.json().booking.id;
    const accepted = await post(`/api/bookings/${id}/accept`, sofia);
    expect(accepted.statusCode, accepted.body).toBe(200);
    booking = accepted.json().booking;
    await app.outbox.drain();

    const mail = mailsTo(james).find((m) => m.raw.includes('Booking accepted'));
    expect(mail, 'the acceptance mail').toBeDefined();
    expect(mail!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(mail!.raw).toMatch(/filename=invite\.ics/i);
    const invited = parse(calendarPart(mail!));
    expect(invited.calendar.getFirstPropertyValue('method')).toBe('REQUEST');

    const file = await get(`/api/bookings/${id}/calendar.ics`, james);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="lokal-booking-.+\.ics"/);
    const { calendar, events } = parse(file.body);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(events).toHaveLength(1);
    const { event, vevent } = events[0]!;
    expect(event.uid).toBe(`booking-${id}@lokal.app`);
    expect(event.uid).toBe(invited.events[0]!.event.uid);
    expect(event.sequence).toBe(1);
    expect(event.startDate.toJSDate().toISOString()).toBe(booking.startAt);
    expect(event.endDate.toJSDate().toISOString()).toBe(booking.endAt);
    expect(event.summary).toBe('Street Art Walk with Sofia Martinez');
    // Commas and semicolons are escaped in the file and read back as written.
    expect(event.location).toBe('Plaça Reial fountain, by the lamp posts; Barcelona');
    expect(file.body).toContain('LOCATION:Plaça Reial fountain\\, by the lamp posts\\; Barcelona');
    expect(vevent.getFirstPropertyValue('geo')).toEqual([41.380205, 2.175351]);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event.description).toContain('http://localhost:3000/tourist/bookings');
    expect(event.description).toContain('Barcelona time (Europe/Madrid)');
    // Every content line is at most 75 octets; longer ones are folded.
    for (const line of file.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    // The guide's copy names the traveller.
    const guides = parse((await get(`/api/bookings/${id}/calendar.ics`, sofia)).body);
    expect(guides.events[0]!.event.summary).toBe('Street Art Walk with James Whitfield');
    expect(guides.events[0]!.event.uid).toBe(event.uid);
  });

  it('is nobody else’s: a stranger gets 404, as for a booking that does not exist; signed out, 401', async () => {
    const res = await get(`/api/bookings/${id}/calendar.ics`, stranger);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Booking not found', code: 'not-found' });
    expect(
      (await get('/api/bookings/00000000-0000-4000-8000-000000000000/calendar.ics', james)).statusCode,
    ).toBe(404);
    expect((await get(`/api/bookings/${id}/calendar.ics`)).statusCode).toBe(401);
    expect((await get('/api/bookings/nope/calendar.ics', james)).statusCode).toBe(400);
  });

  it('is cancelled with the same UID and a higher SEQUENCE, and the other member is e-mailed the CANCEL', async () => {
    const res = await post(`/api/bookings/${id}/cancel`, james, { reason: 'Flight moved' });
    expect(res.statusCode, res.body).toBe(200);
    await app.outbox.drain();
    const mail = mailsTo(sofia).find(
      (m) => m.raw.includes('Booking cancelled') && m.raw.includes('method=CANCEL'),
    );
    expect(mail, 'the cancellation mail').toBeDefined();
    const cancel = parse(calendarPart(mail!));
    expect(cancel.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.events[0]!.event.uid).toBe(`booking-${id}@lokal.app`);
    expect(cancel.events[0]!.event.sequence).toBe(2);
    expect(cancel.events[0]!.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');

    const file = parse((await get(`/api/bookings/${id}/calendar.ics`, james)).body);
    expect(file.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(file.events[0]!.event.sequence).toBe(2);
    expect(file.events[0]!.event.uid).toBe(`booking-${id}@lokal.app`);
  });
});

describe('the private calendar feed', () => {
  it('serves exactly the member’s upcoming and recent bookings, without a session, until revoked', async () => {
    expect((await get('/api/users/settings', james)).statusCode).toBe(200);
    expect((await get('/api/calendar-feed', james)).json()).toEqual({ feed: null });
    const made = await post('/api/calendar-feed', james);
    expect(made.statusCode, made.body).toBe(200);
    const { url, webcalUrl, createdAt } = made.json().feed;
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(webcalUrl).toBe(url.replace('http:', 'webcal:'));
    expect((await get('/api/calendar-feed', james)).json()).toEqual({ feed: { createdAt } });
    // The token is stored only as its hash.
    const stored = await database.db.execute(
      sql`select token_hash from calendar_feeds where user_id = ${james.id}`,
    );
    const token = url.split('/').at(-1)!.replace('.ics', '');
    expect(JSON.stringify(stored)).not.toContain(token);

    const path = new URL(url).pathname;
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { calendar, events } = parse(res.body);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const since = new Date(clock - 30 * 86_400_000);
    const expected = await database.db.execute(sql`
      select id from bookings
      where (tourist_id = ${james.id} or guide_id = ${james.id})
        and status in ('requested', 'accepted', 'completed', 'cancelled') and end_at > ${since.toISOString()}`);
    const ids = (expected as unknown as { rows: { id: string }[] }).rows.map(
      (r) => `booking-${r.id}@lokal.app`,
    );
    expect(ids.length).toBeGreaterThan(0);
    expect(events.map((e) => e.event.uid).sort()).toEqual(ids.sort());
    // The cancelled booking above is there, marked cancelled.
    const cancelled = events.find((e) => e.vevent.getFirstPropertyValue('status') === 'CANCELLED');
    expect(cancelled).toBeDefined();

    // A new address ends the old one at once; revoking ends the new one.
    const again = (await post('/api/calendar-feed', james)).json().feed.url;
    expect((await get(path)).statusCode).toBe(404);
    expect((await get(new URL(again).pathname)).statusCode).toBe(200);
    const revoked = await del('/api/calendar-feed', james);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ feed: null });
    const gone = await get(new URL(again).pathname);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Calendar feed not found', code: 'not-found' });
    expect((await get('/api/calendar/not-a-token.ics')).statusCode).toBe(404);
  });

  it('holds nobody else’s bookings', async () => {
    const { feed } = (await post('/api/calendar-feed', stranger)).json();
    const { events } = parse((await get(new URL(feed.url).pathname)).body);
    const mine = await database.db.execute(
      sql`select id from bookings where tourist_id = ${stranger.id} or guide_id = ${stranger.id}`,
    );
    const ids = new Set(
      (mine as unknown as { rows: { id: string }[] }).rows.map((r) => `booking-${r.id}@lokal.app`),
    );
    for (const e of events) expect(ids.has(e.event.uid)).toBe(true);
  });

  it('ends with the account', async () => {
    const { feed } = (await post('/api/calendar-feed', stranger)).json();
    expect((await get(new URL(feed.url).pathname)).statusCode).toBe(200);
    const gone = await post('/api/users/settings/delete-account', stranger, { confirm: 'DELETE' });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await get(new URL(feed.url).pathname)).statusCode).toBe(404);
  });
});
