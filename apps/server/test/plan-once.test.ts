import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { planOnce } from '../src/db/statement-names.ts';
import { openTestDatabase } from './helper.ts';

// A statement planOnce() prepared is planned once, generically, on either engine (decision 073); any other is
// planned as PostgreSQL decides, which for a page with a `limit` it cannot see is again on every execution.
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql`create table if not exists plan_once_test (id int primary key, n int not null)`,
  );
  await database.db.execute(
    sql`insert into plan_once_test select i, i from generate_series(1, 50000) i on conflict do nothing`,
  );
  await database.db.execute(sql`analyze plan_once_test`);
}, 60_000);

afterAll(async () => {
  await database.db.execute(sql`drop table if exists plan_once_test`);
  await database?.close();
});

const p = sql.placeholder;
/** A page of the table in its key's order; `tag` makes each statement's text its own. */
const page = (tag: string, on: Pick<Database['db'], 'select'> = database.db) =>
  on
    .select({
      id: sql<number>`id`,
      mode: sql<string>`current_setting('plan_cache_mode')`,
      jit: sql<string>`current_setting('jit', true)`,
      tag: sql<string>`${sql.raw(`'${tag}'`)}::text`,
    })
    .from(sql`plan_once_test`)
    .where(sql`id > ${p('after')}::int`)
    .orderBy(sql`id`)
    .limit(p('limit'));

/** The plans a statement of this text had, asked the way it was run (on PostgreSQL, the same connections). */
async function plansOf(tag: string, once: boolean) {
  const stats = database.db
    // Its own text for each way: the texts prepared to plan once are known by their text.
    .select({
      generic: sql<string>`generic_plans`,
      custom: sql<string>`custom_plans`,
      way: sql.raw(once ? `'once'` : `'plain'`),
    })
    .from(sql`pg_prepared_statements`)
    .where(sql`statement like ${p('pattern')}::text`);
  const statement = once ? planOnce(stats, 'plan_once_stats') : stats.prepare('plan_once_stats_plain');
  const [row] = await statement.execute({ pattern: `%'${tag}'::text%` });
  return { generic: Number(row?.generic), custom: Number(row?.custom) };
}

describe('statements planned once', () => {
  it('plan a statement prepared for it once, generically, and any other for its values, with the same rows', async () => {
    const once = planOnce(page('once'), 'plan_once_page');
    const plain = page('plain').prepare('plan_once_plain');
    for (let i = 0; i < 10; i++) {
      const a = await once.execute({ after: i * 10, limit: 3 });
      const b = await plain.execute({ after: i * 10, limit: 3 });
      expect(a.map((r) => r.id)).toEqual([i * 10 + 1, i * 10 + 2, i * 10 + 3]);
      expect(b.map((r) => r.id)).toEqual(a.map((r) => r.id));
      expect(a[0]!.mode).toBe('force_generic_plan');
      expect(b[0]!.mode).toBe('auto');
      // PostgreSQL's connections for them never compile a plan (a generic plan's cost can pass JIT's bar).
      if (database.kind === 'postgres') expect(a[0]!.jit).toBe('off');
    }
    expect(await plansOf('once', true)).toEqual({ generic: 10, custom: 0 });
    expect(await plansOf('plain', false)).toEqual({ generic: 0, custom: 10 });
  });

  it('leave every other statement planned as before, after a failed one and inside a transaction', async () => {
    const failing = planOnce(
      database.db.select({ x: sql<number>`1 / (${p('n')}::int - ${p('n')}::int)` }).from(sql`plan_once_test`),
      'plan_once_failing',
    );
    const err = await failing.execute({ n: 3 }).catch((e: Error) => e);
    expect(String((err as Error).cause ?? err)).toMatch(/division by zero/);
    const plain = page('after-failure').prepare('plan_once_after_failure');
    expect((await plain.execute({ after: 0, limit: 1 }))[0]!.mode).toBe('auto');
    // A transaction asks the same text as a statement prepared to plan once, then another.
    planOnce(page('in-tx'), 'plan_once_in_tx');
    await database.db.transaction(async (tx) => {
      const [same] = await page('in-tx', tx).prepare('plan_once_in_tx_run').execute({ after: 1, limit: 1 });
      // PGlite runs it planned once in the transaction too; PostgreSQL's transactions have connections of their
      // own, which plan as before.
      expect(same).toMatchObject({ id: 2, mode: database.kind === 'pglite' ? 'force_generic_plan' : 'auto' });
      const other = await tx
        .select({ mode: sql<string>`current_setting('plan_cache_mode')`, n: sql<number>`n` })
        .from(sql`plan_once_test`)
        .where(sql`id = ${3}`);
      expect(other[0]).toEqual({ mode: 'auto', n: 3 });
    });
    expect((await plain.execute({ after: 0, limit: 1 }))[0]!.mode).toBe('auto');
  });
});
