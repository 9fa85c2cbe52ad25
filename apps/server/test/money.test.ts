import { zonedTimeToInstant } from '@lokal/shared/domain/time-zone';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { mockSignIn, openTestDatabase, testConfig } from './helper.ts';

// A booking's money on the embedded provider (docs/product.md#payment, decision 095): every step posts its
// journal in the step's transaction, each journal sums to zero, and the answers carry what each side may see.

const START = Date.parse('2026-11-23T10:00:00.000Z');
let clock = START;
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;
type Who = { cookie: string; id: string };
let sofia: Who;
let james: Who;
let streetArt: string;
let day = 0;

const signIn = (email: string, userType: 'tourist' | 'guide'): Promise<Who> =>
  mockSignIn(app, email, userType);
const post = (url: string, who: Who, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
const get = (url: string, who: Who) => app.inject({ url, headers: { cookie: who.cookie } });
const at = (date: string, time = '18:00') => zonedTimeToInstant(date, time, 'Europe/Madrid')!.toISOString();
const nextDay = () => new Date(Date.UTC(2026, 11, 1 + day++)).toISOString().slice(0, 10);

type Journal = {
  kind: string;
  reverses: boolean;
  entries: { account: string; amount: number; currency: string }[];
};

async function book(over: Record<string, unknown> = {}) {
  const res = await post('/api/bookings', james, {
    experienceId: streetArt,
    start: at(nextDay()),
    partySize: 2,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().booking;
}
const act = (who: Who, id: string, action: string, body: object = {}) =>
  post(`/api/bookings/${id}/${action}`, who, body);

async function journals(id: string, who: Who = james): Promise<Journal[]> {
  const res = await get(`/api/bookings/${id}/money`, who);
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json().journals as Journal[];
  // Every journal sums to zero in its currency.
  for (const j of list)
    expect(
      j.entries.reduce((s, e) => s + e.amount, 0),
      j.kind,
    ).toBe(0);
  return list;
}
const balances = (list: Journal[]) => {
  const sums: Record<string, number> = {};
  for (const e of list.flatMap((j) => j.entries)) sums[e.account] = (sums[e.account] ?? 0) + e.amount;
  return sums;
};

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig({ rateLimitScale: 10 }), { database, seed: true, now: () => clock });
  await app.ready();
  sofia = await signIn('sofia.martinez@demo.lokal.app', 'guide');
  james = await signIn('james.whitfield@demo.lokal.app', 'tourist');
  const offers = (await get(`/api/guides/${sofia.id}/experiences`, james)).json().experiences;
  streetArt = offers.find((e: { title: string }) => e.title === 'Street Art Walk').id;
  // Sofia prices in dollars; James pays in dollars too, so the amounts read plainly.
  await database.db.execute(sql`update users set currency = 'USD' where id = ${james.id}`);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('a booking on the embedded provider', () => {
  it('request, accept, complete, pay out: each step one balanced journal, and the answers say where the money is', async () => {
    // $85 × 2 = $170.00, the 10 % service fee $17.00, all in $187.00; the guide's 15 % commission $25.50.
    const b = await book();
    expect(b.payment).toBe('authorized');
    expect(b.money).toMatchObject({
      provider: 'embedded',
      currency: 'USD',
      price: 17000,
      serviceFee: 1700,
      total: 18700,
      travellerCurrency: 'USD',
      travellerTotal: 18700,
      rate: '1.0000000000',
      commission: null,
      guideNet: null,
      refund: null,
    });
    // The guide sees the commission and their net, not as a tourist would.
    const asGuide = (await get(`/api/bookings/${b.id}`, sofia)).json().booking;
    expect(asGuide.money).toMatchObject({ commission: 2550, guideNet: 14450 });
    expect(await journals(b.id)).toEqual([
      {
        kind: 'authorize',
        postedAt: expect.any(String),
        reverses: false,
        entries: expect.arrayContaining([
          { account: 'holds', amount: 18700, currency: 'USD' },
          { account: 'traveller', amount: -18700, currency: 'USD' },
        ]),
      },
    ]);

    const accepted = (await act(sofia, b.id, 'accept')).json().booking;
    expect(accepted.payment).toBe('captured');
    expect((await journals(b.id)).map((j) => j.kind)).toEqual(['authorize', 'capture']);

    // After the end the sweep completes it: the guide's earnings are payable, paid out 24 hours later.
    const saved = clock;
    clock = Date.parse(b.endAt) + 60_000;
    try {
      expect(await app.jobs.run('booking-sweep')).toBeGreaterThanOrEqual(1);
      const later = await signIn('james.whitfield@demo.lokal.app', 'tourist');
      const done = (await get(`/api/bookings/${b.id}`, later)).json().booking;
      expect(done).toMatchObject({ status: 'completed', payment: 'captured' });
      expect(done.money.payoutDueAt).toBe(new Date(clock + 24 * 3_600_000).toISOString());
      expect(balances(await journals(b.id, later))).toEqual({
        holds: 0,
        traveller: 0,
        provider_clearing: 18700,
        guide_payable: -14450,
        platform_fees: -4250,
      });
      // Not due yet: nothing paid out.
      await app.jobs.run('payouts');
      expect((await get(`/api/bookings/${b.id}`, later)).json().booking.payment).toBe('captured');

      clock += 24 * 3_600_000;
      expect(await app.jobs.run('payouts')).toBeGreaterThanOrEqual(1);
      const laterStill = await signIn('sofia.martinez@demo.lokal.app', 'guide');
      const paid = (await get(`/api/bookings/${b.id}`, laterStill)).json().booking;
      expect(paid).toMatchObject({ payment: 'paid-out', money: { guideNet: 14450, payoutDueAt: null } });
      const all = await journals(b.id, laterStill);
      expect(all.map((j) => j.kind)).toEqual(['authorize', 'capture', 'complete', 'payout']);
      // What stays with the provider is Lokal's: the fee and the commission.
      expect(balances(all)).toEqual({
        holds: 0,
        traveller: 0,
        provider_clearing: 4250,
        guide_payable: 0,
        platform_fees: -4250,
      });
      // Paid once: the next turn finds nothing to pay.
      await app.jobs.run('payouts');
      expect((await journals(b.id, laterStill)).filter((j) => j.kind === 'payout')).toHaveLength(1);
    } finally {
      clock = saved;
    }
  });

  it('a declined, expired or cancelled request releases the hold: the release reverses the authorization', async () => {
    const declined = await book();
    expect((await act(sofia, declined.id, 'decline', { reason: '' })).json().booking.payment).toBe(
      'released',
    );
    const cancelled = await book();
    const c = (await act(james, cancelled.id, 'cancel', { reason: 'Plans changed' })).json().booking;
    expect(c).toMatchObject({ payment: 'released', money: { refund: { total: 18700 } } });
    const expiring = await book();
    const saved = clock;
    clock = Date.parse(expiring.expiresAt) + 60_000;
    try {
      await app.jobs.run('booking-sweep');
    } finally {
      clock = saved;
    }
    for (const id of [declined.id, cancelled.id, expiring.id]) {
      const list = await journals(id);
      expect(list.map((j) => [j.kind, j.reverses])).toEqual([
        ['authorize', false],
        ['release', true],
      ]);
      expect(Object.values(balances(list)).every((v) => v === 0)).toBe(true);
      expect((await get(`/api/bookings/${id}`, james)).json().booking.payment).toBe('released');
    }
  });

  it('cancelling an accepted booking refunds by the policy: the kept part is earned and paid out', async () => {
    // Moderate, cancelled 3 days before: half of each part back.
    await database.db.execute(
      sql`update experiences set cancellation_policy = 'moderate' where id = ${streetArt}`,
    );
    try {
      const b = await book({ start: at('2026-11-26'), partySize: 3 });
      await act(sofia, b.id, 'accept');
      const c = (await act(james, b.id, 'cancel', { reason: 'Plans changed' })).json().booking;
      // $255.00 + $25.50 = $280.50; half back of each: $127.50 + $12.75 = $140.25.
      expect(c).toMatchObject({
        payment: 'partly-refunded',
        refundAmount: 127.5,
        money: {
          total: 28050,
          refund: { price: 12750, serviceFee: 1275, total: 14025, travellerTotal: 14025 },
          commission: null,
        },
      });
      // The guide keeps $127.50 less 15 % ($19.13, half up): $108.37.
      const g = (await get(`/api/bookings/${b.id}`, sofia)).json().booking;
      expect(g.money).toMatchObject({ commission: 1913, guideNet: 10837 });
      const list = await journals(b.id);
      expect(list.map((j) => j.kind)).toEqual(['authorize', 'capture', 'refund']);
      expect(balances(list)).toEqual({
        holds: 0,
        traveller: 0,
        provider_clearing: 28050 - 14025,
        guide_payable: -10837,
        platform_fees: -(1275 + 1913),
      });
      expect(g.money.payoutDueAt).toBe(new Date(Date.parse(b.endAt) + 24 * 3_600_000).toISOString());
    } finally {
      await database.db.execute(
        sql`update experiences set cancellation_policy = 'flexible' where id = ${streetArt}`,
      );
    }
  });

  it('the guide cancelling refunds everything, and nothing is left to pay out', async () => {
    const b = await book();
    await act(sofia, b.id, 'accept');
    const c = (await act(sofia, b.id, 'cancel', { reason: 'Ill' })).json().booking;
    expect(c).toMatchObject({ payment: 'refunded', money: { refund: { total: 18700 }, payoutDueAt: null } });
    // Lines of nothing are not posted: the guide and Lokal earned nothing from it.
    expect(balances(await journals(b.id))).toEqual({ holds: 0, traveller: 0, provider_clearing: 0 });
  });

  it('ten parallel accepts of one request: one wins, one capture journal', async () => {
    const b = await book();
    const answers = await Promise.all(Array.from({ length: 10 }, () => act(sofia, b.id, 'accept')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect((await journals(b.id)).map((j) => j.kind)).toEqual(['authorize', 'capture']);
  });

  it('refuses any amount, fee, rate or currency a client sends (400), and writes nothing', async () => {
    const before = await database.db.execute(sql`select count(*)::int as n from ledger_journals`);
    const body = { experienceId: streetArt, start: at(nextDay()), partySize: 2 };
    for (const extra of [
      { total: 1 },
      { price: 1 },
      { serviceFee: 0 },
      { currency: 'JPY' },
      { rate: '0.0001' },
      { money: { total: 1 } },
    ]) {
      const res = await post('/api/bookings', james, { ...body, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().code).toBe('validation-error');
    }
    const b = await book();
    for (const [who, action, payload] of [
      [sofia, 'accept', { amount: 1 }],
      [sofia, 'accept', { currency: 'EUR' }],
      [sofia, 'decline', { reason: '', refund: 100 }],
      [james, 'cancel', { reason: 'x', refundShareBp: 10_000 }],
      [james, 'cancel', { reason: 'x', total: 0 }],
    ] as const) {
      const res = await act(who, b.id, action, payload);
      expect(res.statusCode, `${action} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation-error', message: expect.any(String) });
    }
    const after = await database.db.execute(sql`select count(*)::int as n from ledger_journals`);
    // Only the one booking's authorization was posted.
    const n = (r: typeof before) => (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(n(after)).toBe(n(before) + 1);
    expect((await get(`/api/bookings/${b.id}`, james)).json().booking.status).toBe('requested');
  });

  it('shows its money to its two members only; the ledger is never updated or deleted', async () => {
    const b = await book();
    const stranger = await signIn('lucas.meyer@demo.lokal.app', 'tourist');
    const otherGuide = await signIn('kenji.watanabe@demo.lokal.app', 'guide');
    expect((await get(`/api/bookings/${b.id}/money`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/bookings/${b.id}/money`, otherGuide)).statusCode).toBe(404);
    expect((await get(`/api/bookings/${b.id}`, stranger)).statusCode).toBe(404);
    await expect(database.db.execute(sql`update ledger_entries set amount = 0`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from ledger_journals`)).rejects.toThrow();
    expect(await journals(b.id)).toHaveLength(1);
  });
});
