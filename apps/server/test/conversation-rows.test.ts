import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type App, createWorld, type Session, type World } from './actors-helper.ts';
import { openTestDatabase, testConfig } from './helper.ts';

// The chat list's rows say where each pair stands (requested, booked for a date, completed) and, to the
// guide, what the traveller's completed bookings paid (docs/product.md#chat).

let app: App;
let w: World;
let close: () => Promise<void>;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

type Row = {
  id: string;
  other: { id: string };
  booking: { state: string; startAt: string; timeZone: string } | null;
  earnings: { amount: number; currency: string } | null;
};

async function rowWith(as: Session, other: Session): Promise<Row> {
  const { conversations } = await w.must({ url: '/api/chat/conversations', as });
  const row = (conversations as Row[]).find((c) => c.other.id === other.id);
  if (!row) throw new Error(`no row with ${other.id}`);
  return row;
}

async function paid(tourist: Session, guide: Session) {
  const r = await database.db.execute(
    sql`select coalesce(sum(guide_total), 0)::int as amount, min(guide_currency) as currency from bookings where tourist_id = ${tourist.id} and guide_id = ${guide.id} and status = 'completed'`,
  );
  return (r as unknown as { rows: { amount: number; currency: string }[] }).rows[0]!;
}

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  database = await openTestDatabase();
  const config = testConfig({ rateLimitScale: 100 });
  app = await buildApp(config, { database });
  await app.ready();
  w = createWorld(app, config, database);
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(() => close());

describe('conversation rows', () => {
  it('show the booking state with that person and, to the guide only, the earnings from them', async () => {
    const tourist = (await w.makeActor('tourist', 'rowtourist'))!;
    const guide = (await w.makeActor('guide', 'rowguide'))!;
    const other = (await w.makeActor('tourist', 'rowother'))!;
    await w.conversation(tourist, guide);
    const otherChat = await w.conversation(other, guide);
    // As if the other traveller had written: the guide sees a conversation from its first message.
    await database.db.execute(sql`update conversations set last_message_at = now() where id = ${otherChat}`);

    // Nothing booked yet.
    expect(await rowWith(tourist, guide)).toMatchObject({ booking: null, earnings: null });

    // A request: "requested", with the date asked for.
    const asked = await w.requestBooking(tourist, guide);
    const request = (await w.must({ url: `/api/bookings/${asked}`, as: guide })).booking;
    const requested = await rowWith(guide, tourist);
    expect(requested.booking).toEqual({
      state: 'requested',
      startAt: new Date(request.startAt).toISOString(),
      timeZone: 'Europe/Madrid',
    });
    expect(requested.earnings).toBeNull();

    // Accepted: booked for that date, on both sides.
    await w.must({ method: 'POST', url: `/api/bookings/${asked}/accept`, as: guide });
    expect((await rowWith(tourist, guide)).booking).toMatchObject({
      state: 'booked',
      startAt: requested.booking!.startAt,
    });
    expect((await rowWith(guide, tourist)).booking?.state).toBe('booked');
    await w.must({
      method: 'POST',
      url: `/api/bookings/${asked}/cancel`,
      as: guide,
      payload: { reason: 'Make way for the tours below' },
    });

    // Two tours done: completed, and the guide sees the sum of both in the guide's currency.
    await w.completedBooking(tourist, guide);
    await w.completedBooking(tourist, guide);
    const total = await paid(tourist, guide);
    expect(total.amount).toBeGreaterThan(0);
    const done = await rowWith(guide, tourist);
    expect(done.booking?.state).toBe('completed');
    expect(done.earnings).toEqual({ amount: total.amount, currency: total.currency });
    // The tourist's row has the state, never the guide's earnings.
    const theirs = await rowWith(tourist, guide);
    expect(theirs.booking?.state).toBe('completed');
    expect(theirs.earnings).toBeNull();
    // Another traveller's row of the same guide has neither.
    expect(await rowWith(guide, other)).toMatchObject({ booking: null, earnings: null });

    // A new request is what the row shows next; the earnings stay.
    await w.requestBooking(tourist, guide);
    const again = await rowWith(guide, tourist);
    expect(again.booking?.state).toBe('requested');
    expect(again.earnings).toEqual({ amount: total.amount, currency: total.currency });
  });
});
