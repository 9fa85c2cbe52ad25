import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { openTestDatabase } from '../helper.ts';

// The reads outside transactions share a few pipelined connections (decision 050); writes and transactions
// take connections of their own. Runs only against PostgreSQL.
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql`create table if not exists pipelined_test (id int primary key, n int not null)`,
  );
  await database.db.execute(
    sql`insert into pipelined_test values (1, 0) on conflict (id) do update set n = 0`,
  );
});

afterAll(async () => {
  await database.db.execute(sql`drop table if exists pipelined_test`);
  await database?.close();
});

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('pipelined reads', () => {
  it('answers many reads at once, each its own answer, over a few connections', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        database.db.execute(sql`select ${i}::int as i, pg_backend_pid() as pid`),
      ),
    );
    expect(answers.map((a) => rows<{ i: number }>(a)[0]!.i)).toEqual(
      Array.from({ length: 200 }, (_, i) => i),
    );
    const backends = new Set(answers.map((a) => rows<{ pid: number }>(a)[0]!.pid));
    expect(backends.size).toBeGreaterThan(0);
    expect(backends.size).toBeLessThanOrEqual(4);
  });

  it('sends the reads of a moment down one connection, and around a slow read rather than behind it', async () => {
    const pid = async () =>
      rows<{ pid: number }>(await database.db.execute(sql`select pg_backend_pid() as pid`))[0]!.pid;
    // A few reads at once share a connection (one write, one wake-up of the database).
    const together = await Promise.all(Array.from({ length: 10 }, pid));
    expect(new Set(together).size).toBe(1);
    // A slow read holds its connection: reads asked while it runs go to another and do not wait for it.
    const started = Date.now();
    // (Drizzle sends a statement when it is awaited: the async function sends this one now.)
    const slow = (async () =>
      rows<{ pid: number }>(await database.db.execute(sql`select pg_sleep(2), pg_backend_pid() as pid`))[0]!
        .pid)();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const quick = await Promise.all(Array.from({ length: 5 }, pid));
    expect(Date.now() - started).toBeLessThan(1500);
    const slowPid = await slow;
    expect(quick.every((p) => p !== slowPid)).toBe(true);
  });

  it('fails only the statement in error, not those sent beside it on the same connection', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 1
          ? database.db.execute(sql`select 1 / (${i}::int - ${i}::int) as x`)
          : database.db.execute(sql`select ${i}::int as i`),
      ),
    );
    results.forEach((r, i) => {
      if (i % 3 === 1) {
        expect(r.status).toBe('rejected');
        expect(
          String((r as PromiseRejectedResult).reason?.cause ?? (r as PromiseRejectedResult).reason),
        ).toMatch(/division by zero/);
      } else {
        expect(r.status).toBe('fulfilled');
        expect(rows<{ i: number }>((r as PromiseFulfilledResult<unknown>).value)[0]!.i).toBe(i);
      }
    });
  });

  it('keeps writes that wait for a transaction off the shared connections, so the transaction can read', async () => {
    const { db } = database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // A transaction holds the row; another request's write waits for it; meanwhile the transaction's code
    // reads outside the transaction. Were the waiting write on a shared connection, the reads behind it would
    // wait for the transaction, and the transaction for them.
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`update pipelined_test set n = n + 1 where id = 1`);
      locked();
      await held;
    });
    await lockTaken;
    // More waiting writes than there are shared connections.
    const waitingWrites = Promise.all(
      Array.from({ length: 8 }, () => db.execute(sql`update pipelined_test set n = n + 10 where id = 1`)),
    );
    const reads = await Promise.all(
      Array.from({ length: 20 }, () => db.execute(sql`select n from pipelined_test where id = 1`)),
    );
    expect(reads.every((r) => rows<{ n: number }>(r)[0]!.n === 0)).toBe(true);
    release();
    await transaction;
    await waitingWrites;
    const [after] = rows<{ n: number }>(await db.execute(sql`select n from pipelined_test where id = 1`));
    expect(after!.n).toBe(81);
  });
});
