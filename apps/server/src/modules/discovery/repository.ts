import { and, asc, eq, gt, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';

export type GuideSort = 'recommended' | 'rating' | 'price_asc' | 'price_desc';
export type GuideFilters = {
  q?: string;
  category?: string;
  city?: string;
  language?: string;
  minPrice?: number;
  maxPrice?: number;
  tourType?: string;
};
export type Cursor = { v: boolean; r: number; p: number; id: string };

/** Matches LIKE's metacharacters literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const g = guideProfiles;

function filterConditions(f: GuideFilters): SQL[] {
  const where: SQL[] = [eq(g.listed, true)];
  if (f.q) where.push(sql`${g.searchText} like ${`%${escapeLike(f.q.toLowerCase())}%`}`);
  if (f.category && f.category !== 'All') where.push(sql`${g.specialties} @> array[${f.category}]::text[]`);
  if (f.city) where.push(sql`lower(${g.city}) = ${f.city.toLowerCase()}`);
  if (f.language) where.push(sql`${g.languages} @> array[${f.language}]::text[]`);
  if (f.minPrice !== undefined) where.push(gte(g.priceMax, f.minPrice));
  if (f.maxPrice !== undefined) where.push(lte(g.priceMin, f.maxPrice));
  if (f.tourType) where.push(sql`${g.tourTypes} @> ${JSON.stringify([{ name: f.tourType }])}::jsonb`);
  return where;
}

// Keyset pagination: each sort has a total order ending in the id, so pages stay stable under inserts.
function order(sort: GuideSort): SQL[] {
  switch (sort) {
    case 'rating':
      return [sql`${g.rating} desc`, asc(g.userId)];
    case 'price_asc':
      return [asc(g.priceMin), asc(g.userId)];
    case 'price_desc':
      return [sql`${g.priceMax} desc`, asc(g.userId)];
    default:
      return [sql`${g.verified} desc nulls last`, sql`${g.rating} desc nulls last`, asc(g.userId)];
  }
}

function after(sort: GuideSort, c: Cursor): SQL {
  const idAfter = gt(g.userId, c.id);
  switch (sort) {
    case 'rating':
      return or(sql`${g.rating} < ${c.r}`, and(sql`${g.rating} = ${c.r}`, idAfter))!;
    case 'price_asc':
      return or(gt(g.priceMin, c.p), and(eq(g.priceMin, c.p), idAfter))!;
    case 'price_desc':
      return or(sql`${g.priceMax} < ${c.p}`, and(eq(g.priceMax, c.p), idAfter))!;
    default:
      return or(
        sql`${g.verified} < ${c.v}`,
        and(eq(g.verified, c.v), sql`${g.rating} < ${c.r}`),
        and(eq(g.verified, c.v), sql`${g.rating} = ${c.r}`, idAfter),
      )!;
  }
}

export function createDiscoveryRepository(db: Db) {
  return {
    async searchGuides(filters: GuideFilters, sort: GuideSort, limit: number, cursor: Cursor | null) {
      const where = filterConditions(filters);
      if (cursor) where.push(after(sort, cursor));
      return db
        .select()
        .from(g)
        .where(and(...where))
        .orderBy(...order(sort))
        .limit(limit);
    },

    /** The plan of the search, for the index test. */
    async explainSearch(filters: GuideFilters): Promise<string> {
      const query = db
        .select({ id: g.userId })
        .from(g)
        .where(and(...filterConditions(filters)))
        .orderBy(...order('recommended'))
        .limit(12)
        .toSQL();
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(sql.raw(`explain ${inline(query.sql, query.params)}`));
        return (result as unknown as { rows: Record<string, string>[] }).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
    },

    async listedGuide(id: string) {
      const [row] = await db
        .select()
        .from(g)
        .where(and(eq(g.userId, id), eq(g.listed, true)));
      return row ?? null;
    },

    async guideOf(userId: string) {
      const [row] = await db
        .select({ profile: g, userCity: users.city })
        .from(g)
        .innerJoin(users, eq(users.id, g.userId))
        .where(eq(g.userId, userId));
      return row ?? null;
    },

    async touristsIn(city: string | null) {
      return db
        .select({
          profile: touristProfiles,
          lastActive: users.lastActiveAt,
          createdAt: users.createdAt,
          phoneVerifiedAt: users.phoneVerifiedAt,
        })
        .from(touristProfiles)
        .innerJoin(users, eq(users.id, touristProfiles.userId))
        .where(
          and(
            eq(users.onboardingCompleted, true),
            city ? sql`lower(${touristProfiles.city}) = ${city.toLowerCase()}` : undefined,
          ),
        );
    },

    async tourist(id: string) {
      const [row] = await db
        .select({
          profile: touristProfiles,
          lastActive: users.lastActiveAt,
          createdAt: users.createdAt,
          phoneVerifiedAt: users.phoneVerifiedAt,
        })
        .from(touristProfiles)
        .innerJoin(users, eq(users.id, touristProfiles.userId))
        .where(eq(touristProfiles.userId, id));
      return row ?? null;
    },

    async touristStatus(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ status: touristProfiles.status })
        .from(touristProfiles)
        .where(eq(touristProfiles.userId, userId));
      return row?.status ?? null;
    },
  };
}

// EXPLAIN cannot take bind parameters; the test's own values are inlined as literals.
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i) => {
    const v = params[Number(i) - 1];
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return `'${String(v).replaceAll("'", "''")}'`;
  });
}

export type DiscoveryRepository = ReturnType<typeof createDiscoveryRepository>;
