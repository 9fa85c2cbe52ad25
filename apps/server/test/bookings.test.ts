import { zonedTimeToInstant } from '@lokal/shared/domain/time-zone';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TOURISTS } from '../seed/demo-data.ts';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { mockSignIn, openTestDatabase, testConfig } from './helper.ts';

// The clock is ours: 23 Nov 2026, 10:00 UTC, moved forward to end bookings.
const START = Date.parse('2026-11-23T10:00:00.000Z');
let clock = START;
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;
let n = 0;

type Who = { cookie: string; id: string };

const signIn = (email: string, userType: 'tourist' | 'guide'): Promise<Who> =>
  mockSignIn(app, email, userType);

const post = (url: string, who: Who, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
const get = (url: string, who: Who) => app.inject({ url, headers: { cookie: who.cookie } });
const exec = (q: ReturnType<typeof sql>) => database.db.execute(q);
const count = async (q: ReturnType<typeof sql>) =>
  ((await exec(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

// Sofia guides in Barcelona (Europe/Madrid): Street Art Walk, 2 hours, $85 a person.
let sofia: Who;
let james: Who;
let day = 0;
/** A fresh day from 1 December on for each booking, so bookings never collide by accident. */
const nextDay = () => new Date(Date.UTC(2026, 11, 1 + day++)).toISOString().slice(0, 10);

/** The instant Barcelona's clocks show `date` `time`. */
const at = (date: string, time = '18:00') => zonedTimeToInstant(date, time, 'Europe/Madrid')!.toISOString();
let streetArt: string;

function request(who: Who, over: Record<string, unknown> = {}) {
  return post('/api/bookings', who, {
    experienceId: streetArt,
    start: at(nextDay()),
    partySize: 2,
    note: 'We love murals',
    ...over,
  });
}

// Each test starts with no open request, so the limit of three open requests per tourist is tested on its own.
beforeEach(async () => {
  await exec(
    sql`update bookings set status = 'cancelled', cancel_reason = 'test reset' where status = 'requested'`,
  );
});

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig({ rateLimitScale: 10 }), {
    database,
    seed: true,
    now: () => clock,
  });
  await app.ready();
  sofia = await signIn('sofia.martinez@demo.lokal.app', 'guide');
  james = await signIn('james.whitfield@demo.lokal.app', 'tourist');
  const offers = (await get(`/api/guides/${sofia.id}/experiences`, james)).json().experiences;
  streetArt = offers.find((e: { title: string }) => e.title === 'Street Art Walk').id;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('requesting a booking', () => {
  it("prices tour × party in the tourist's currency, sets the time in the guide's city, and tells the guide", async () => {
    // The stored multiplier is the client's business; the price uses Lokal's rates (EUR 0.92 per USD).
    await exec(sql`update users set currency = 'EUR', currency_multiplier = 0.0001 where id = ${james.id}`);
    const res = await request(james, { start: at('2026-12-20'), partySize: 3 });
    await exec(sql`update users set currency = 'USD', currency_multiplier = 1 where id = ${james.id}`);
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json().booking;
    expect(b).toMatchObject({
      status: 'requested',
      tourName: 'Street Art Walk',
      pricePerPerson: 85,
      partySize: 3,
      totalUsd: 255,
      currency: 'EUR',
      totalLocal: 235,
      experienceId: streetArt,
      priceMode: 'person',
      unitPrice: 85,
      guideCurrency: 'USD',
      guideTotal: 255,
      cancellationPolicy: 'flexible',
      // The card is held for the all-in total (decision 095): $255 + the 10 % service fee, in cents; in euros at
      // the rate used. The guide's commission and net are not the tourist's to see.
      payment: 'authorized',
      money: {
        provider: 'embedded',
        currency: 'USD',
        price: 25500,
        serviceFee: 2550,
        total: 28050,
        travellerCurrency: 'EUR',
        rate: '0.9200000000',
        travellerTotal: 25806,
        commission: null,
        guideNet: null,
        refund: null,
      },
      refundAmount: null,
      // Unanswered, it frees the slot 24 hours after it was asked.
      expiresAt: new Date(START + 24 * 3_600_000).toISOString(),
      durationMinutes: 120,
      timeZone: 'Europe/Madrid',
      city: 'Barcelona',
      // 18:00 in Barcelona in December is 17:00 UTC.
      startAt: '2026-12-20T17:00:00.000Z',
      endAt: '2026-12-20T19:00:00.000Z',
      tourist: { id: james.id, name: 'James Whitfield' },
      guide: { id: sofia.id, name: 'Sofia Martinez' },
    });

    // The change is a system message in their conversation, unread for the guide, and a notification.
    const history = (await get(`/api/chat/conversations/${b.conversationId}/messages`, sofia)).json()
      .messages;
    const system = history.filter((m: { kind: string }) => m.kind === 'system');
    expect(system.at(-1).body).toBe(
      'James requested Street Art Walk on Sun 20 Dec, 18:00 (Madrid time) for 3 people, $255. Note: “We love murals”',
    );
    const notes = (await get('/api/notifications', sofia)).json();
    expect(notes.notifications[0]).toMatchObject({ title: 'New booking request', link: '/guide/bookings' });
    expect(notes.unread).toBeGreaterThan(0);
    const read = await post('/api/notifications/read', sofia, {});
    expect(read.json()).toEqual({ unread: 0 });

    // Both see it in their upcoming list.
    for (const who of [james, sofia]) {
      const list = (await get('/api/bookings?scope=upcoming', who)).json().bookings;
      expect(list.map((x: { id: string }) => x.id)).toContain(b.id);
    }
  });

  it('refuses bad requests with a clear message', async () => {
    const day = nextDay();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ experienceId: '00000000-0000-4000-8000-000000000000' }, 404, 'Experience not found'],
      // Slots start on the quarter hour, at least an hour ahead, at most a year ahead, within 09:00–21:00.
      [{ start: at(day, '18:10') }, 409, 'That time is no longer available'],
      [{ start: new Date(START + 30 * 60_000).toISOString() }, 409, 'That time is no longer available'],
      [{ start: at('2028-01-10') }, 409, 'That time is no longer available'],
      [{ start: at(day, '20:00') }, 409, 'That time is no longer available'],
      [{ start: 'tomorrow at six' }, 400, 'Choose a time'],
      [{ partySize: 0 }, 400, 'At least one person'],
      [{ partySize: 21 }, 400, 'At most 20 people'],
      [{ partySize: 9 }, 400, 'This experience is for 1 to 8 people.'],
      // The server alone prices: a client's price, rate or multiplier is refused, never used.
      [{ price: 1 }, 400, ''],
      [{ totalUsd: 1 }, 400, ''],
      [{ multiplier: 0.0001 }, 400, ''],
      [{ currency: 'EUR' }, 400, ''],
      [{ guideId: sofia.id }, 400, ''],
    ];
    for (const [over, status, message] of cases) {
      const res = await request(james, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(status);
      expect(res.json().message).toContain(message);
      expect(typeof res.json().code).toBe('string');
    }
    expect((await request(sofia)).statusCode).toBe(403);
    // Who is asking is settled before what they sent: anonymous gets 401 even for a bad body.
    expect((await app.inject({ method: 'POST', url: '/api/bookings', payload: {} })).statusCode).toBe(401);
  });

  it('cannot be made while either side blocks the other', async () => {
    const aisha = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    const { id } = (await post('/api/chat/conversations', aisha, { guideId: sofia.id })).json();
    await post(`/api/chat/conversations/${id}/block`, sofia);
    const res = await request(aisha);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('blocked');
    await post(`/api/chat/conversations/${id}/unblock`, sofia);
  });
});

describe('one guide, one time', () => {
  it('lets exactly one of ten parallel requests for the same time through', async () => {
    const tourists = await Promise.all(DEMO_TOURISTS.slice(0, 10).map((t) => signIn(t.email, 'tourist')));
    const date = nextDay();
    const results = await Promise.all(tourists.map((t) => request(t, { start: at(date, '11:00') })));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(
      await count(
        sql`select count(*)::int as n from bookings where start_at = ${at(date, '11:00')}::timestamptz and status <> 'cancelled'`,
      ),
    ).toBe(1);
    const refused = results.find((r) => r.statusCode === 409)!.json();
    expect(refused).toEqual({
      message: 'Sofia is already booked at that time. Please choose another time.',
      code: 'slot-taken',
    });
    // Overlapping by an hour is refused too; starting as the other ends is fine.
    expect((await request(james, { start: at(date, '12:00') })).statusCode).toBe(409);
    expect((await request(james, { start: at(date, '13:00') })).statusCode).toBe(201);
  });

  it('frees the time when a request is declined or cancelled', async () => {
    const start = at(nextDay());
    const first = (await request(james, { start })).json().booking;
    await post(`/api/bookings/${first.id}/decline`, sofia, { reason: 'Away that day' });
    const second = await request(james, { start });
    expect(second.statusCode).toBe(201);
    await post(`/api/bookings/${second.json().booking.id}/cancel`, james, { reason: 'Plans changed' });
    expect((await request(james, { start })).statusCode).toBe(201);
  });
});

describe('the booking state machine over the API', () => {
  async function fresh() {
    const res = await request(james);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().booking as { id: string; conversationId: string; startAt: string; endAt: string };
  }
  const act = (who: Who, id: string, action: string, body: object = {}) =>
    post(`/api/bookings/${id}/${action}`, who, body);

  it('allows every listed step', async () => {
    let b = await fresh();
    expect((await act(sofia, b.id, 'accept')).json().booking.status).toBe('accepted');
    const cancelled = (await act(james, b.id, 'cancel', { reason: 'Flight cancelled' })).json().booking;
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Flight cancelled',
      cancelledBy: 'tourist',
    });

    b = await fresh();
    expect((await act(sofia, b.id, 'decline', { reason: '' })).json().booking.status).toBe('declined');

    b = await fresh();
    expect((await act(james, b.id, 'cancel', { reason: 'Too expensive' })).json().booking.status).toBe(
      'cancelled',
    );

    b = await fresh();
    const byGuide = (await act(sofia, b.id, 'cancel', { reason: 'I am ill' })).json().booking;
    expect(byGuide).toMatchObject({ status: 'cancelled', cancelledBy: 'guide' });

    b = await fresh();
    await act(sofia, b.id, 'accept');
    expect((await act(sofia, b.id, 'cancel', { reason: 'Storm warning' })).json().booking.status).toBe(
      'cancelled',
    );
  });

  it('refuses every other step, and strangers', async () => {
    const b = await fresh();
    // Tourists neither accept nor decline.
    expect((await act(james, b.id, 'accept')).statusCode).toBe(403);
    expect((await act(james, b.id, 'decline')).statusCode).toBe(403);
    // A cancel needs a reason.
    const noReason = await act(james, b.id, 'cancel', { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('Please give a reason');
    await act(sofia, b.id, 'accept');
    for (const [who, action, body] of [
      [sofia, 'accept', {}],
      [sofia, 'decline', {}],
    ] as const) {
      const res = await act(who, b.id, action, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('invalid-transition');
    }
    await act(james, b.id, 'cancel', { reason: 'Changed my mind' });
    for (const [who, action, body] of [
      [sofia, 'accept', {}],
      [sofia, 'decline', {}],
      [james, 'cancel', { reason: 'again' }],
      [sofia, 'cancel', { reason: 'again' }],
    ] as const) {
      expect((await act(who, b.id, action, body)).statusCode).toBe(409);
    }
    const declined = await fresh();
    await act(sofia, declined.id, 'decline');
    expect((await act(sofia, declined.id, 'accept')).statusCode).toBe(409);
    expect((await act(james, declined.id, 'cancel', { reason: 'x' })).statusCode).toBe(409);

    // Another tourist and another guide see nothing.
    const stranger = await signIn('lucas.meyer@demo.lokal.app', 'tourist');
    const otherGuide = await signIn('kenji.watanabe@demo.lokal.app', 'guide');
    const open = await fresh();
    expect((await get(`/api/bookings/${open.id}`, stranger)).statusCode).toBe(404);
    expect((await act(stranger, open.id, 'cancel', { reason: 'mine now' })).statusCode).toBe(404);
    expect((await act(otherGuide, open.id, 'accept')).statusCode).toBe(404);
    expect((await get(`/api/bookings/${open.id}`, james)).json().booking.status).toBe('requested');
  });

  it('completes accepted bookings after their end, declines unanswered requests at their start, and refuses what follows', async () => {
    const accepted = await fresh();
    await act(sofia, accepted.id, 'accept');
    const unanswered = await fresh();
    const saved = clock;
    // Just after both: the accepted one has ended, the unanswered one has started.
    clock = Math.max(Date.parse(accepted.endAt), Date.parse(unanswered.startAt)) + 60_000;
    // Sessions last 30 days: sign in again at the new time.
    const later = await signIn('james.whitfield@demo.lokal.app', 'tourist');
    const laterGuide = await signIn('sofia.martinez@demo.lokal.app', 'guide');
    try {
      // Reads never sweep (decision 040): until the booking-sweep job's turn both are as they were.
      expect((await get(`/api/bookings/${accepted.id}`, later)).json().booking.status).toBe('accepted');
      expect(await app.jobs.run('booking-sweep')).toBeGreaterThanOrEqual(2);
      const doneRes = await get(`/api/bookings/${accepted.id}`, later);
      expect(doneRes.statusCode, doneRes.body).toBe(200);
      const done = doneRes.json().booking;
      expect(done.status).toBe('completed');
      // The guide's tour count on cards counts completed bookings.
      const card = (await get(`/api/profiles/guide/${laterGuide.id}`, later)).json().profile;
      const [{ n }] = (
        (await exec(
          sql`select count(*)::int as n from bookings where guide_id = ${laterGuide.id} and status = 'completed'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows as [{ n: number }];
      expect(card.totalTours).toBe(n);
      expect(n).toBeGreaterThan(0);
      const expired = (await get(`/api/bookings/${unanswered.id}`, later)).json().booking;
      expect(expired).toMatchObject({ status: 'declined', cancelReason: 'No answer within 24 hours' });
      expect((await act(later, accepted.id, 'cancel', { reason: 'late' })).statusCode).toBe(409);
      expect((await act(laterGuide, unanswered.id, 'accept')).statusCode).toBe(409);
      const ids = async (scope: string) =>
        (await get(`/api/bookings?scope=${scope}`, later)).json().bookings.map((x: { id: string }) => x.id);
      // The completed one is Past; the expired request, declined, is listed with the cancelled ones.
      const past = await ids('past');
      expect(past).toContain(accepted.id);
      expect(past).not.toContain(unanswered.id);
      expect(await ids('cancelled')).toContain(unanswered.id);
      const messages = (
        await get(`/api/chat/conversations/${accepted.conversationId}/messages?limit=100`, later)
      ).json().messages;
      expect(messages.some((m: { body: string }) => m.body.startsWith('Completed: Street Art Walk.'))).toBe(
        true,
      );
    } finally {
      clock = saved;
    }
  });
});

describe('auto-accept', () => {
  it('accepts at once when the guide turned it on and the tourist is verified, and only then', async () => {
    const verified = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    const unverified = await signIn('lucas.meyer@demo.lokal.app', 'tourist');
    await exec(sql`update tourist_profiles set verified = true where user_id = ${verified.id}`);
    await exec(sql`update tourist_profiles set verified = false where user_id = ${unverified.id}`);

    expect((await request(verified)).json().booking.status).toBe('requested');
    await exec(sql`update users set auto_accept_bookings = true where id = ${sofia.id}`);
    try {
      const auto = (await request(verified)).json().booking;
      expect(auto).toMatchObject({ status: 'accepted', autoAccepted: true });
      expect((await request(unverified)).json().booking.status).toBe('requested');
      const notes = (await get('/api/notifications', verified)).json().notifications;
      expect(notes[0].title).toBe('Booking accepted');
    } finally {
      await exec(sql`update users set auto_accept_bookings = false where id = ${sofia.id}`);
    }
  });
});

describe('what a booking changes in chat', () => {
  it('shows contact details once the pair has an accepted booking, and respects notification settings', async () => {
    const tourist = await signIn(`booker.${n++}@example.com`, 'tourist');
    await exec(sql`update users set onboarding_completed = true where id = ${tourist.id}`);
    await exec(
      sql`insert into tourist_profiles (user_id, first_name, last_name, occupation, image) values (${tourist.id}, 'Nora', 'Berg', 'Writer', '/api/avatars/member.svg')`,
    );
    await exec(sql`update users set notify_bookings = false where id = ${sofia.id}`);
    const before = (await get('/api/notifications', sofia)).json().notifications.length;
    const b = (await request(tourist)).json().booking;
    expect((await get('/api/notifications', sofia)).json().notifications.length).toBe(before);
    await exec(sql`update users set notify_bookings = true where id = ${sofia.id}`);

    const say = (body: string) =>
      post('/api/chat/send', tourist, {
        conversationId: b.conversationId,
        body,
        clientId: `c-${n++}-${Date.now()}`,
      });
    expect((await say('Call me on +47 912 34 567')).json().message.body).toBe('Call me on [phone hidden]');
    await post(`/api/bookings/${b.id}/accept`, sofia);
    expect((await say('Call me on +47 912 34 567')).json().message.body).toBe('Call me on +47 912 34 567');
  });
});
