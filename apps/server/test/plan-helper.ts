import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';

/** An EXPLAIN's answer as the plan's lines. */
const planText = (result: unknown) =>
  (result as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');

/**
 * The plan of a list's query with sequential scans off (so only a missing index shows one); the values are
 * inlined since EXPLAIN takes no bind parameters.
 */
export async function planOf(
  db: Db,
  query: { toSQL(): { sql: string; params: unknown[] } },
): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const inlined = text.replace(/\$(\d+)/g, (_, i) => {
    const v = params[Number(i) - 1];
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return `'${String(v).replaceAll("'", "''")}'`;
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return planText(await tx.execute(sql.raw(`explain ${inlined}`)));
  });
}

/** The page is read from this index in the list's order: no sort of the rows, no scan of a whole table. */
export function expectIndexOrder(plan: string, index: string) {
  expect(plan, plan).toMatch(new RegExp(`Index (Only )?Scan( Backward)? using ${index}\\b`));
  expect(plan, plan).not.toMatch(/(^|\s|>)Sort\b|Seq Scan\b/);
}

/**
 * A statement's generic plan: prepared, then explained as PostgreSQL plans it for any values, with every planner
 * method on, as either engine may pick it for a prepared statement.
 */
export async function genericPlanOf(
  db: Db,
  query: { toSQL(): { sql: string; params: unknown[] } },
): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const values = params.map((v) =>
    typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`,
  );
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare lokal_generic_plan as ${text}`));
    try {
      const result = await tx.execute(sql.raw(`explain execute lokal_generic_plan(${values.join(', ')})`));
      return planText(result);
    } finally {
      await tx.execute(sql`deallocate lokal_generic_plan`);
    }
  });
}
