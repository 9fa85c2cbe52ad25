import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { createScheduler } from '../../src/jobs/scheduler.ts';
import { openTestDatabase, testConfig } from '../helper.ts';

// Two instances on one PostgreSQL (each its own pool, as two processes): a job's turn runs once, not twice.
// Runs only against PostgreSQL (vitest.config.ts includes this folder when DATABASE_URL is postgres://).
let first: Database;
let second: Database;
let apps: Awaited<ReturnType<typeof buildApp>>[] = [];

beforeAll(async () => {
  first = await openTestDatabase();
  second = await openDatabase(first.url!, tmpdir());
  apps = [
    await buildApp(testConfig(), { database: first, seed: true }),
    await buildApp(testConfig(), { database: second }),
  ];
  await Promise.all(apps.map((a) => a.ready()));
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await Promise.all([first?.close(), second?.close()]);
});

const silent = { info() {}, error() {} } as never;

describe('scheduled jobs on two instances', () => {
  it('run each turn on one instance only, however the ticks meet', async () => {
    let runs = 0;
    const job = {
      name: `count-${Date.now()}`,
      everyMs: 60_000,
      run: async () => {
        runs++;
        // Long enough for the other instance's tick to arrive while this one is under way.
        await new Promise((r) => setTimeout(r, 100));
        return 1;
      },
    };
    const [a, b] = [first, second].map((d) =>
      createScheduler({ db: d.db, now: Date.now, log: silent, jobs: [job] }),
    );
    const results = await Promise.all([
      a!.tick(job.name),
      b!.tick(job.name),
      a!.tick(job.name),
      b!.tick(job.name),
    ]);
    expect(runs).toBe(1);
    expect(results.filter((r) => r !== null)).toEqual([1]);
    // Later ticks within the same minute find the turn taken.
    expect(await Promise.all([a!.tick(job.name), b!.tick(job.name)])).toEqual([null, null]);
    expect(runs).toBe(1);
  });

  it('publish a review whose window ended once, from one instance, and record what the turn did', async () => {
    const db = first.db;
    const row = async <T>(q: ReturnType<typeof sql>) =>
      ((await db.execute(q)) as unknown as { rows: T[] }).rows[0] as T;
    const { tourist } = await row<{ tourist: string }>(
      sql`select user_id as tourist from tourist_profiles limit 1`,
    );
    const { guide } = await row<{ guide: string }>(
      sql`select user_id as guide from guide_profiles where listed limit 1`,
    );
    const { id } = await row<{ id: string }>(sql`
      insert into bookings (tourist_id, guide_id, tour_name, duration_minutes, price_per_person, party_size,
        total_usd, total_local, start_at, end_at, time_zone, status, completed_at)
      values (${tourist}, ${guide}, 'Two instances', 60, 50, 1, 50, 50, now() - interval '16 days',
        now() - interval '16 days' + interval '1 hour', 'UTC', 'completed', now() - interval '15 days')
      returning id`);
    await db.execute(sql`insert into reviews (booking_id, author_id, subject_id, rating, text)
      values (${id}, ${tourist}, ${guide}, 4, 'Worth it')`);
    // Whatever turn a timer took at start, the next is due now.
    await db.execute(
      sql`update job_runs set next_at = now() - interval '1 second' where name = 'review-publishing'`,
    );

    const results = await Promise.all(apps.map((a) => a.jobs.tick('review-publishing')));
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.find((r) => r !== null)).toBeGreaterThanOrEqual(1);
    const published = await row<{ n: number }>(
      sql`select count(*)::int as n from reviews where booking_id = ${id} and published_at is not null`,
    );
    expect(published.n).toBe(1);
    const turn = await row<{ last_result: number; next_ms: number }>(
      sql`select last_result, (extract(epoch from next_at) * 1000)::float8 as next_ms from job_runs
        where name = 'review-publishing'`,
    );
    expect(turn.last_result).toBeGreaterThanOrEqual(1);
    expect(turn.next_ms).toBeGreaterThan(Date.now() + 30_000);
  });
});
