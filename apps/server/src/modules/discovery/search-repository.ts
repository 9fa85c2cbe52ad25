import { createHash } from 'node:crypto';
import type { UsdRates } from '@lokal/shared/domain/money';
import { weekdayOf } from '@lokal/shared/domain/slots';
import { CITY_ZONES } from '@lokal/shared/domain/time-zone';
import {
  EXPERIENCE_FILTERS,
  GUIDE_FILTERS,
  type GuideFilters,
  type GuideSort,
} from '@lokal/shared/schemas/discovery';
import { and, asc, eq, fillPlaceholders, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { availabilityExceptions, experiences, guideAvailability } from '../../db/schema/experiences.ts';
import { guideProfiles } from '../../db/schema/profiles.ts';
import { guideSideVersion } from '../match/repository.ts';
import { guideCardColumns } from './cards.ts';

// The guide search (docs/product.md#finding-a-guide): the filters, the sorts and their pages, as card rows.

/** Where a page ended: verified, rating, price, match score before rounding (best match) and the id. */
export type Cursor = { v: boolean; r: number; p: number; m: number; id: string };

/** Matches LIKE's metacharacters literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const g = guideProfiles;

/**
 * A page's row: the card's values (toGuideCard) and the version of the guide's match side, which a page checks
 * the side it scores the card's match with against (docs/decisions/037-best-match.md).
 */
const searchColumns = { ...guideCardColumns, version: guideSideVersion };
export type SearchRow = Awaited<ReturnType<ReturnType<typeof createSearchRepository>['cardsByIds']>>[number];

/** What a search needs besides its filters: the server's rates (prices) and the clock (open requests). */
export type SearchContext = { rates: UsdRates; now: Date };

/** The values of the filters given, as the statement's parameters (with what their conditions derive). */
function filterValues(f: GuideFilters, c: SearchContext): Record<string, unknown> {
  const priced = f.minPrice !== undefined || f.maxPrice !== undefined;
  const dated = f.date !== undefined;
  return {
    q: f.q ? `%${escapeLike(f.q)}%` : undefined,
    category: f.category && f.category !== 'All' ? f.category : undefined,
    city: f.city,
    date: f.date,
    party: f.party,
    type: f.type,
    language: f.language,
    minPrice: f.minPrice,
    maxPrice: f.maxPrice,
    tourType: f.tourType ? JSON.stringify([{ name: f.tourType }]) : undefined,
    // Derived: not part of the statement's shape.
    dow: dated ? weekdayOf(f.date!) : undefined,
    zones: dated ? ZONES_JSON : undefined,
    now: dated ? c.now.toISOString() : undefined,
    rates: priced ? JSON.stringify(c.rates) : undefined,
    toRate: priced ? (c.rates[f.currency ?? 'USD'] ?? null) : undefined,
  };
}
// The city → time zone table of the shared domain, as the statement's parameter: one table for both.
const ZONES_JSON = JSON.stringify(CITY_ZONES);

/** Which filters carry a value: with the sort and the cursor, this names the statement's shape. */
function filtersSet(values: Record<string, unknown>): ReadonlySet<string> {
  return new Set(GUIDE_FILTERS.filter((k) => k !== 'currency' && values[k] !== undefined));
}

/** Minutes of a 'HH:MM' field of a range; a range whose end is at or before its start runs past midnight. */
const minutesOf = (field: string) =>
  sql.raw(`(split_part(r->>'${field}', ':', 1)::int * 60 + split_part(r->>'${field}', ':', 2)::int)`);
/** The longest working range of a JSON list of ranges, in minutes (null when there is none). */
const longestOf = (ranges: SQL) =>
  sql`(select max(case when m.e <= m.s then m.e - m.s + 1440 else m.e - m.s end)
    from jsonb_array_elements(${ranges}) r
    cross join lateral (select ${minutesOf('start')} as s, ${minutesOf('end')} as e) m)`;

/**
 * A published experience of the guide that answers the experience filters that are set
 * (docs/product.md#finding-a-guide); `longest` (minutes) is the day's longest working range when a date is set.
 * `offset 0` keeps PostgreSQL from turning the test into a join over every guide: it runs per guide walked,
 * in the sort's order, until the page is full.
 */
function experienceMatch(set: ReadonlySet<string>, longest: SQL | null): SQL {
  const p = sql.placeholder;
  const conds: SQL[] = [sql`e.guide_id = ${g.userId}`, sql`e.status = 'published'`];
  if (set.has('type')) conds.push(sql`e.category = ${p('type')}`);
  if (set.has('party')) conds.push(sql`${p('party')}::int between e.min_group and e.max_group`);
  if (set.has('language')) conds.push(sql`e.languages @> array[${p('language')}]::text[]`);
  // Per person in the tourist's currency, rounded as the screens convert (shared/domain/money.ts): a group
  // price is shared by the party, or by the smallest group it is sold to when no party is given.
  const share = set.has('party') ? sql`${p('party')}::int` : sql`e.min_group`;
  const perPerson = sql`round((case when e.price_mode = 'person' then e.price::float8 else e.price::float8 / ${share} end)
    / (${p('rates')}::jsonb ->> e.currency)::float8 * ${p('toRate')}::float8)`;
  if (set.has('minPrice')) conds.push(sql`${perPerson} >= ${p('minPrice')}`);
  if (set.has('maxPrice')) conds.push(sql`${perPerson} <= ${p('maxPrice')}`);
  if (longest) conds.push(sql`e.duration_minutes <= ${longest}`);
  return sql`exists (select 1 from ${experiences} e where ${and(...conds)} offset 0)`;
}

/**
 * "Available on" a date (docs/product.md#finding-a-guide), on the guide's city's calendar: the weekday's ranges
 * unless the date is blocked, plus its extra hours; fewer open bookings starting that day than the daily maximum;
 * and an experience that fits inside the day's longest range.
 */
function availableOn(set: ReadonlySet<string>): SQL {
  const p = sql.placeholder;
  const zone = sql`coalesce(${p('zones')}::jsonb ->> lower(btrim(${g.city})), 'UTC')`;
  const dayStart = sql`(${p('date')}::date::timestamp at time zone ${zone})`;
  const dayEnd = sql`((${p('date')}::date + 1)::timestamp at time zone ${zone})`;
  return sql`exists (
    select 1 from ${guideAvailability} ga
    left join ${availabilityExceptions} x on x.guide_id = ga.guide_id and x.date = ${p('date')}
    cross join lateral (select greatest(
      case when x.kind is distinct from 'blocked' then ${longestOf(sql`ga.weekly -> ${p('dow')}::text`)} end,
      case when x.kind = 'extra' then ${longestOf(sql`x.ranges`)} end) as longest) d
    where ga.guide_id = ${g.userId} and d.longest is not null
      and (select count(*) from ${bookings} b
        where b.guide_id = ga.guide_id and b.status in ('requested', 'accepted')
          -- A request past its expiry holds nothing, even before the sweep declines it (as for slots).
          and not (b.status = 'requested' and b.expires_at <= ${p('now')}::timestamptz)
          and b.start_at >= ${dayStart} and b.start_at < ${dayEnd}) < ga.max_per_day
      and ${experienceMatch(set, sql`d.longest`)}
    offset 0)`;
}

/** The conditions for the filters that are set, with placeholders for their values. */
function filterConditions(set: ReadonlySet<string>): SQL[] {
  const p = sql.placeholder;
  const where: SQL[] = [eq(g.listed, true)];
  // Folded like the stored text, once per statement (decision 092): the trigram index still answers.
  if (set.has('q')) where.push(sql`${g.searchText} like lokal_search_fold(${p('q')}::text)`);
  if (set.has('category')) where.push(sql`${g.specialties} @> array[${p('category')}]::text[]`);
  // The city folded the same way (decision 092), against the per-city indexes of the folded city.
  if (set.has('city')) where.push(sql`lokal_search_fold(${g.city}) = lokal_search_fold(${p('city')}::text)`);
  if (set.has('tourType')) where.push(sql`${g.tourTypes} @> ${p('tourType')}::jsonb`);
  if (set.has('date')) where.push(availableOn(set));
  else if (EXPERIENCE_FILTERS.some((k) => set.has(k))) where.push(experienceMatch(set, null));
  return where;
}

// Keyset pagination: each sort has a total order ending in the id, so pages stay stable under inserts.
function order(sort: GuideSort): SQL[] {
  switch (sort) {
    case 'rating':
      return [sql`${g.rating} desc nulls last`, asc(g.userId)];
    case 'price_asc':
      return [asc(g.priceMin), asc(g.userId)];
    case 'price_desc':
      return [sql`${g.priceMax} desc nulls last`, asc(g.userId)];
    default:
      return [sql`${g.verified} desc nulls last`, sql`${g.rating} desc nulls last`, asc(g.userId)];
  }
}

/** The rows after the cursor, in the sort's order; the cursor's fields are placeholders. */
function after(sort: GuideSort): SQL {
  const p = sql.placeholder;
  const idAfter = sql`${g.userId} > ${p('cursorId')}`;
  // The rating is a real: the cursor's value (a double in JSON) is compared as a real, or 4.4 ≠ 4.4.
  const r = sql`${p('cursorR')}::real`;
  switch (sort) {
    case 'rating':
      return sql`(${g.rating} < ${r} or (${g.rating} = ${r} and ${idAfter}))`;
    case 'price_asc':
      return sql`(${g.priceMin} > ${p('cursorP')} or (${g.priceMin} = ${p('cursorP')} and ${idAfter}))`;
    case 'price_desc':
      return sql`(${g.priceMax} < ${p('cursorP')} or (${g.priceMax} = ${p('cursorP')} and ${idAfter}))`;
    default:
      return sql`(${g.verified} < ${p('cursorV')} or (${g.verified} = ${p('cursorV')} and ${g.rating} < ${r})
        or (${g.verified} = ${p('cursorV')} and ${g.rating} = ${r} and ${idAfter}))`;
  }
}

/** A statement's name from its shape: every repository of the app (and every pool connection) means the same. */
const nameOf = (prefix: string, key: string) =>
  `${prefix}_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;

export function createSearchRepository(db: Db) {
  const p = sql.placeholder;
  // One prepared statement per shape of search (which filters are set, the sort, first page or after a
  // cursor): built once, then only executed; PostgreSQL keeps each one's plan per connection.
  const searchStatements = new Map<string, ReturnType<typeof prepareSearch>>();
  const prepareSearch = (where: SQL[], sort: GuideSort, name: string) =>
    db
      .select(searchColumns)
      .from(g)
      .where(and(...where))
      .orderBy(...order(sort))
      .limit(p('limit'))
      .prepare(name);
  // The guides a filtered "Best match" may show, per shape of filters.
  const idStatements = new Map<string, ReturnType<typeof prepareIds>>();
  const prepareIds = (set: ReadonlySet<string>, name: string) =>
    db
      .select({ id: g.userId })
      .from(g)
      .where(and(...filterConditions(set)))
      .prepare(name);
  const cardsStatement = db
    .select(searchColumns)
    .from(g)
    .where(sql`${g.userId} = any(${p('ids')}::uuid[]) and ${g.listed}`)
    .prepare('guide_cards_by_id');

  return {
    /** A page of the search in one of its stored orders ("Best match" is the match module's). */
    async searchGuides(
      filters: GuideFilters,
      sort: Exclude<GuideSort, 'best_match'>,
      limit: number,
      cursor: Cursor | null,
      context: SearchContext,
    ) {
      const values = filterValues(filters, context);
      const set = filtersSet(values);
      const key = `${[...set].join(',')}|${sort}|${cursor ? 'after' : 'first'}`;
      let statement = searchStatements.get(key);
      if (!statement) {
        const where = filterConditions(set);
        if (cursor) where.push(after(sort));
        statement = prepareSearch(where, sort, nameOf('guide_search', key));
        searchStatements.set(key, statement);
      }
      return statement.execute({
        ...values,
        limit,
        ...(cursor ? { cursorV: cursor.v, cursorR: cursor.r, cursorP: cursor.p, cursorId: cursor.id } : {}),
      });
    },

    /**
     * The listed guides the filters let through, when a filter is set; null when every listed guide passes.
     * The city too is compared here, folded in SQL (decision 092), so no copy of the fold lives in memory.
     */
    async filteredIds(filters: GuideFilters, context: SearchContext): Promise<Set<string> | null> {
      const values = filterValues(filters, context);
      const set = filtersSet(values);
      if (set.size === 0) return null;
      const key = [...set].join(',');
      let statement = idStatements.get(key);
      if (!statement) {
        statement = prepareIds(set, nameOf('guide_filter_ids', key));
        idStatements.set(key, statement);
      }
      return new Set((await statement.execute(values)).map((r) => r.id));
    },

    /** These listed guides' card rows (in no order): the cards of a "Best match" page. */
    async cardsByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return cardsStatement.execute({ ids });
    },

    async listedGuide(id: string) {
      const [row] = await db
        .select({ ...getTableColumns(g), replies: guideCardColumns.replies })
        .from(g)
        .where(and(eq(g.userId, id), eq(g.listed, true)));
      return row ?? null;
    },

    /**
     * The plan of a first page of the search: for the index test (sequential scans off, so only a missing
     * index shows one), or with `analyze` as it runs (EXPLAIN (ANALYZE, BUFFERS), for docs/performance.md).
     */
    async explainSearch(
      filters: GuideFilters,
      context: SearchContext,
      options: { analyze?: boolean; sort?: Exclude<GuideSort, 'best_match'>; limit?: number } = {},
    ): Promise<string> {
      const values = filterValues(filters, context);
      const query = db
        .select(searchColumns)
        .from(g)
        .where(and(...filterConditions(filtersSet(values))))
        .orderBy(...order(options.sort ?? 'recommended'))
        .limit(options.limit ?? 13)
        .toSQL();
      const explain = options.analyze ? 'explain (analyze, buffers)' : 'explain';
      return db.transaction(async (tx) => {
        if (!options.analyze) await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(
          sql.raw(`${explain} ${inline(query.sql, fillPlaceholders(query.params, values))}`),
        );
        return (result as unknown as { rows: Record<string, string>[] }).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
    },
  };
}

// EXPLAIN cannot take bind parameters; the test's own values are inlined as literals.
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i) => {
    const v = params[Number(i) - 1];
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return `'${String(v).replaceAll("'", "''")}'`;
  });
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
