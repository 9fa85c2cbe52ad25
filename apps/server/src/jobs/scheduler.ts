import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';

/** Periodic work: what it is called, how often it is due, and what it does (returns how much it did). */
export type Job = {
  name: string;
  everyMs: number;
  /** Also due as soon as the server starts (work a fresh or migrated database needs at once). */
  atStart?: boolean;
  run: () => Promise<number>;
};

/**
 * One scheduler for every periodic job (decision 040). Each instance ticks every job on its own timer; a
 * tick first claims the job's turn in one short transaction — `pg_try_advisory_xact_lock` so a second
 * instance skips rather than waits, then `job_runs.next_at` moved on only if it is due — and runs the job
 * only if it won. So with any number of instances each turn runs once, and never inside a request.
 */
export function createScheduler(deps: { db: Db; now: () => number; log: FastifyBaseLogger; jobs: Job[] }) {
  const { db, now, log } = deps;
  const byName = new Map(deps.jobs.map((j) => [j.name, j]));
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();

  /** Whether this instance won the job's current turn. */
  async function claim(job: Job): Promise<boolean> {
    const at = new Date(now());
    return db.transaction(async (tx) => {
      const lock = await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtextextended(${`job:${job.name}`}, 0)) as ok`,
      );
      if (!(lock as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok) return false;
      const won = await tx.execute(sql`
        insert into job_runs (name, next_at, last_started_at)
        values (${job.name}, ${new Date(at.getTime() + job.everyMs).toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
        on conflict (name) do update set next_at = excluded.next_at, last_started_at = excluded.last_started_at
          where job_runs.next_at <= ${at.toISOString()}::timestamptz
        returning name`);
      return (won as unknown as { rows: unknown[] }).rows.length > 0;
    });
  }

  async function record(job: Job, result: number) {
    await db.execute(sql`update job_runs set last_result = ${result} where name = ${job.name}`);
  }

  /** One tick: runs the job if this instance wins its turn; what it did, or null when it was not its turn. */
  async function tick(job: Job): Promise<number | null> {
    if (!(await claim(job))) return null;
    const result = await job.run();
    await record(job, result);
    if (result > 0) log.info({ job: job.name, result }, 'job done');
    return result;
  }

  function track<T>(p: Promise<T>): Promise<T> {
    running.add(p);
    p.finally(() => running.delete(p)).catch(() => {});
    return p;
  }

  function safeTick(job: Job) {
    track(tick(job)).catch((err) => log.error({ err, job: job.name }, 'job failed'));
  }

  return {
    tick: (name: string) => tick(jobOf(name)),
    /** Runs a job now, outside its turn (tests, the operator). */
    run: (name: string) => jobOf(name).run(),
    start() {
      for (const job of byName.values()) {
        if (job.atStart) safeTick(job);
        const timer = setInterval(() => safeTick(job), job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    /** Stops the timers and waits for the runs under way (before the database closes). */
    async stop() {
      for (const t of timers) clearInterval(t);
      timers.length = 0;
      await Promise.allSettled([...running]);
    },
  };

  function jobOf(name: string): Job {
    const job = byName.get(name);
    if (!job) throw new Error(`No job named ${name}`);
    return job;
  }
}

export type Scheduler = ReturnType<typeof createScheduler>;
