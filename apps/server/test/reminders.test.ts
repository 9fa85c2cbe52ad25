import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from './actors-helper.ts';
import { type Instances, startTwoInstances } from './shared-files-helper.ts';

// Reminders before a booking (docs/product.md#reminders): two instances share one database and run the job
// at the same moment; each reminder goes out once, and never for a cancelled booking.
let t: Instances;
let tourist: Session;
let guide: Session;

beforeAll(async () => {
  t = await startTwoInstances();
  tourist = (await t.world.makeActor('tourist'))!;
  guide = (await t.world.makeActor('guide'))!;
});
afterAll(() => t.close());

const rows = async <T>(q: ReturnType<typeof sql>) =>
  (await t.database.db.execute(q)) as unknown as { rows: T[] };

/** An accepted booking that starts in `hours` (< 24), accepted 10 hours ago: its day-before window is open. */
async function acceptedTomorrow(hours: number): Promise<string> {
  const id = await t.world.requestBooking(tourist, guide);
  await t.world.must({ method: 'POST', url: `/api/bookings/${id}/accept`, as: guide, payload: {} });
  const start = new Date(Date.now() + hours * 3_600_000);
  await t.database.db.execute(sql`update bookings set start_at = ${start.toISOString()}::timestamptz,
    end_at = ${new Date(start.getTime() + 2 * 3_600_000).toISOString()}::timestamptz,
    decided_at = ${new Date(Date.now() - 10 * 3_600_000).toISOString()}::timestamptz where id = ${id}`);
  return id;
}

describe('reminders', () => {
  it('sends the day-before reminder once to both members, with the time in the city and its zone', async () => {
    const id = await acceptedTomorrow(20);
    const [a, b] = await Promise.all([t.a.jobs.run('reminders'), t.b.jobs.run('reminders')]);
    expect(a + b).toBe(1);
    expect(await t.a.jobs.run('reminders')).toBe(0);
    await Promise.all([t.a.outbox.drain(), t.b.outbox.drain()]);
    const notes = await rows<{ user_id: string; body: string }>(
      sql`select user_id, body from notifications where kind = 'reminder-day-before'`,
    );
    const mine = notes.rows.filter((n) => n.user_id === tourist.id || n.user_id === guide.id);
    expect(mine).toHaveLength(2);
    for (const n of mine) expect(n.body).toMatch(/, Barcelona time \(Europe\/Madrid\)\. Meeting point: /);
    const mails = await rows<{ n: number }>(
      sql`select count(*)::int as n from outbox_messages where kind = 'reminder' and ref = ${`${id}:accepted`}`,
    );
    expect(mails.rows[0]!.n).toBe(2);
  });

  it('sends nothing for a cancelled booking', async () => {
    const id = await acceptedTomorrow(14);
    await t.world.must({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      as: tourist,
      payload: { reason: 'Flight cancelled' },
    });
    expect(await t.a.jobs.run('reminders')).toBe(0);
    const sent = await rows<{ n: number }>(
      sql`select count(*)::int as n from booking_reminders where booking_id = ${id}`,
    );
    expect(sent.rows[0]!.n).toBe(0);
  });
});
