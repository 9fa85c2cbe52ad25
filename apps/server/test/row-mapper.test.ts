import * as drizzle from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../src/db/schema/chat.ts';
import { guideProfiles, touristProfiles } from '../src/db/schema/profiles.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestApp } from './helper.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

type Fields = { path: string[]; field: unknown }[];
// Drizzle's own mapping, exported at run time though left out of its types.
const { mapResultRow } = drizzle as unknown as {
  mapResultRow: (fields: Fields, row: unknown[], joins?: Record<string, boolean>) => unknown;
};

type Prepared = {
  fields: Fields;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
  execute: (values?: Record<string, unknown>) => Promise<unknown[]>;
};

/** Runs the statement with the server's mapper and returns its rows next to what drizzle's own makes of them. */
async function bothWays(statement: unknown, values?: Record<string, unknown>) {
  const prepared = statement as Prepared;
  const ours = prepared.customResultMapper;
  // The server's statements carry the compiled mapper (db/row-mapper.ts), not drizzle's.
  expect(ours).toBeTypeOf('function');
  let raw: unknown[][] = [];
  prepared.customResultMapper = (rows) => {
    raw = rows;
    return ours!(rows);
  };
  const mapped = await prepared.execute(values);
  const drizzles = raw.map((row) => mapResultRow(prepared.fields, row, prepared.joinsNotNullableMap));
  return { mapped, drizzles, count: raw.length };
}

describe('rows mapped once per statement', () => {
  it('gives the objects drizzle gives: nested, joined tables missing (null), expressions, dates, arrays, JSON', async () => {
    const db = t.database.db;
    const other = alias(users, 'other');
    const last = alias(messages, 'last');
    const statement = db
      .select({
        user: { id: users.id, role: users.role, createdAt: users.createdAt, deletedAt: users.deletedAt },
        guide: { firstName: guideProfiles.firstName, languages: guideProfiles.languages },
        tourist: {
          firstName: touristProfiles.firstName,
          availability: touristProfiles.availability,
          interests: touristProfiles.interests,
        },
        other: { id: other.id, email: other.email },
        // Columns of two joined tables in one object: drizzle never nulls it, whichever is missing.
        names: { guide: guideProfiles.firstName, tourist: touristProfiles.firstName },
        last: { id: last.id, body: last.body, createdAt: last.createdAt },
        conversations:
          sql<number>`(select count(*) from ${conversations} c where c.tourist_id = ${users.id} or c.guide_id = ${users.id})`.mapWith(
            Number,
          ),
        figures: sql<[number, string | null]>`json_build_array(1, ${users.displayName})`,
        nothing: sql<null>`null`,
      })
      .from(users)
      .leftJoin(guideProfiles, eq(guideProfiles.userId, users.id))
      .leftJoin(touristProfiles, eq(touristProfiles.userId, users.id))
      .leftJoin(other, sql`false`)
      .leftJoin(last, sql`${last.id} = (select max(m.id) from ${messages} m where m.sender_id = ${users.id})`)
      .orderBy(users.email)
      .limit(sql.placeholder('limit'))
      .prepare('row_mapper_test_wide');
    const { mapped, drizzles, count } = await bothWays(statement, { limit: 400 });
    expect(count).toBeGreaterThan(50);
    expect(mapped).toEqual(drizzles);
    // The rows hold what the test means to compare: both kinds of member, a missing join, dates.
    const rows = mapped as {
      guide: unknown;
      tourist: unknown;
      other: unknown;
      names: unknown;
      last: unknown;
      user: { createdAt: unknown };
    }[];
    expect(rows.some((r) => r.guide === null) && rows.some((r) => r.guide !== null)).toBe(true);
    expect(rows.some((r) => r.tourist === null) && rows.some((r) => r.tourist !== null)).toBe(true);
    expect(rows.some((r) => r.last !== null)).toBe(true);
    expect(rows.every((r) => r.other === null && r.user.createdAt instanceof Date)).toBe(true);
    expect(rows.some((r) => r.guide === null && r.names !== null)).toBe(true);
  });

  it('maps inserted and updated rows returned to the caller the same way', async () => {
    const db = t.database.db;
    const statement = db
      .update(users)
      .set({ displayName: sql`${users.displayName}` })
      .where(eq(users.role, 'guide'))
      .returning({ id: users.id, createdAt: users.createdAt, name: users.displayName })
      .prepare('row_mapper_test_returning');
    const { mapped, drizzles, count } = await bothWays(statement);
    expect(count).toBeGreaterThan(5);
    expect(mapped).toEqual(drizzles);
  });
});
