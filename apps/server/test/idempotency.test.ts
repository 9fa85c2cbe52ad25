import { zonedTimeToInstant } from '@lokal/shared/domain/time-zone';
import { IDEMPOTENCY_MESSAGES } from '@lokal/shared/schemas/idempotency';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TOURISTS } from '../seed/demo-data.ts';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { mockSignIn, openTestDatabase, testConfig } from './helper.ts';

// Safe retries of the money-bearing writes (docs/product.md#safe-retries, decision 086).
const START = Date.parse('2026-11-23T10:00:00.000Z');
let clock = START;
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;

type Who = { cookie: string; id: string };
let sofia: Who;
let james: Who;
let traveller: Who;
let streetArt: string;
let day = 0;
let keyN = 0;
const newKey = () => `test-key-${String(keyN++).padStart(4, '0')}-${Date.now()}`;
const nextDay = () => new Date(Date.UTC(2026, 11, 1 + day++)).toISOString().slice(0, 10);
const at = (date: string, time = '18:00') => zonedTimeToInstant(date, time, 'Europe/Madrid')!.toISOString();

const post = (url: string, who: Who, payload: object = {}, key?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });
const bookingBody = (over: Record<string, unknown> = {}) => ({
  experienceId: streetArt,
  start: at(nextDay()),
  partySize: 2,
  note: 'We love murals',
  ...over,
});
const rows = async (q: ReturnType<typeof sql>) =>
  ((await database.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
const bookingsAt = (start: string) =>
  rows(sql`select count(*)::int as n from bookings where start_at = ${start}::timestamptz`);

beforeEach(async () => {
  // No open request is left from another test: the limit of three open requests is not what is tested here.
  await database.db.execute(
    sql`update bookings set status = 'cancelled', cancel_reason = 'test reset' where status = 'requested'`,
  );
});

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig({ rateLimitScale: 10 }), { database, seed: true, now: () => clock });
  await app.ready();
  sofia = await mockSignIn(app, 'sofia.martinez@demo.lokal.app', 'guide');
  james = await mockSignIn(app, 'james.whitfield@demo.lokal.app', 'tourist');
  const second = DEMO_TOURISTS.find((t) => t.email !== 'james.whitfield@demo.lokal.app')!;
  traveller = await mockSignIn(app, second.email, 'tourist');
  const offers = (
    await app.inject({ url: `/api/guides/${sofia.id}/experiences`, headers: { cookie: james.cookie } })
  ).json().experiences;
  streetArt = offers.find((e: { title: string }) => e.title === 'Street Art Walk').id;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('a booking request with an Idempotency-Key', () => {
  it('answers a repeat with the first answer and books once', async () => {
    const body = bookingBody();
    const key = newKey();
    const first = await post('/api/bookings', james, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('/api/bookings', james, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await bookingsAt(body.start)).toBe(1);
  });

  it('without a key, a repeat is a new request, as before (the slot is taken)', async () => {
    const body = bookingBody();
    expect((await post('/api/bookings', james, body)).statusCode).toBe(201);
    const again = await post('/api/bookings', james, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('slot-taken');
  });

  it('refuses the same key with another request: 422 idempotency-key-reused', async () => {
    const key = newKey();
    const body = bookingBody();
    expect((await post('/api/bookings', james, body, key)).statusCode).toBe(201);
    const other = bookingBody({ partySize: 3 });
    const res = await post('/api/bookings', james, other, key);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.reused, code: 'idempotency-key-reused' });
    expect(await bookingsAt(other.start)).toBe(0);
  });

  it('refuses a key of the wrong length or characters with 400 { message, code }', async () => {
    for (const bad of ['short', 'x'.repeat(101), 'has spaces in it', 'ключ-ключ-ключ']) {
      const body = bookingBody();
      const res = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { cookie: james.cookie, 'idempotency-key': bad },
        payload: body,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('validation-error');
      expect(res.json().message).toContain(IDEMPOTENCY_MESSAGES.badKey);
      expect(await bookingsAt(body.start)).toBe(0);
    }
  });

  it('books once when the same key arrives several times at once', async () => {
    const body = bookingBody();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/bookings', james, body, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().booking.id)).size).toBe(1);
    expect(await bookingsAt(body.start)).toBe(1);
  });

  it("keeps another member's same key apart", async () => {
    const key = newKey();
    const a = await post('/api/bookings', james, bookingBody(), key);
    const b = await post('/api/bookings', traveller, bookingBody(), key);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json().booking.id).not.toBe(a.json().booking.id);
    expect(b.json().booking.tourist.id).toBe(traveller.id);
  });

  it('stores nothing for a refused request: asking again with its key asks again', async () => {
    const key = newKey();
    const body = bookingBody({ partySize: 99 });
    expect((await post('/api/bookings', james, body, key)).statusCode).toBe(400);
    // The refused attempt stored no answer: the corrected request under the same key is not "another request".
    const fixed = { ...body, partySize: 2 };
    expect((await post('/api/bookings', james, fixed, key)).statusCode).toBe(201);
  });
});

describe('acting on a booking with an Idempotency-Key', () => {
  const book = async () => {
    const res = await post('/api/bookings', james, bookingBody());
    expect(res.statusCode, res.body).toBe(201);
    return res.json().booking.id as string;
  };

  it('replays an accept, and then a cancel, instead of 409 invalid-transition', async () => {
    const id = await book();
    const key = newKey();
    const accepted = await post(`/api/bookings/${id}/accept`, sofia, {}, key);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const again = await post(`/api/bookings/${id}/accept`, sofia, {}, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(accepted.json());
    // Without the key the repeat is refused as before.
    expect((await post(`/api/bookings/${id}/accept`, sofia, {})).json().code).toBe('invalid-transition');

    const cancelKey = newKey();
    const cancel = { reason: 'Our plans changed' };
    const cancelled = await post(`/api/bookings/${id}/cancel`, james, cancel, cancelKey);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().booking.status).toBe('cancelled');
    const replayed = await post(`/api/bookings/${id}/cancel`, james, cancel, cancelKey);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual(cancelled.json());
    // One cancellation: one system message about it in the conversation.
    const n = await rows(
      sql`select count(*)::int as n from messages where booking_id = ${id} and body like '%cancelled%'`,
    );
    expect(n).toBe(1);
  });

  it('replays a decline, and answers concurrent declines once', async () => {
    const id = await book();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post(`/api/bookings/${id}/decline`, sofia, { reason: 'Away' }, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    for (const a of answers) expect(a.json()).toEqual(answers[0]!.json());
    expect(answers[0]!.json().booking.status).toBe('declined');
    // The key belongs to this booking's decline: another booking under it is another request.
    const other = await book();
    const reused = await post(`/api/bookings/${other}/decline`, sofia, { reason: 'Away' }, key);
    expect(reused.statusCode).toBe(422);
  });
});

describe('the OpenAPI document', () => {
  it('shows the Idempotency-Key header and the 422 on the four money-bearing writes', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { post: { parameters?: { in: string; name: string }[]; responses: object } }>;
    };
    for (const path of [
      '/api/bookings',
      '/api/bookings/{id}/accept',
      '/api/bookings/{id}/decline',
      '/api/bookings/{id}/cancel',
    ]) {
      const op = doc.paths[path]!.post;
      expect(op.parameters, path).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
      );
      expect(Object.keys(op.responses), path).toContain('422');
    }
  });
});

describe('keeping keys', () => {
  it('removes keys after 24 hours with the idempotency-cleanup job', async () => {
    const key = newKey();
    expect((await post('/api/bookings', james, bookingBody(), key)).statusCode).toBe(201);
    const kept = () => rows(sql`select count(*)::int as n from idempotency_keys where key = ${key}`);
    expect(await kept()).toBe(1);
    await app.jobs.run('idempotency-cleanup');
    expect(await kept()).toBe(1);
    clock += 24 * 3_600_000 + 60_000;
    try {
      await app.jobs.run('idempotency-cleanup');
      expect(await kept()).toBe(0);
    } finally {
      clock = START;
    }
  });
});
