import { createHash } from 'node:crypto';
import { DEFAULT_CITY } from '@lokal/shared/constants/discovery';
import { MATCH_WEIGHTS, matchWord, type TravellerSide } from '@lokal/shared/domain/match';
import type { UsdRates } from '@lokal/shared/domain/money';
import { weekdayOf } from '@lokal/shared/domain/slots';
import { CITY_ZONES } from '@lokal/shared/domain/time-zone';
import {
  EXPERIENCE_FILTERS,
  GUIDE_FILTERS,
  type GuideFilters,
  type GuideSort,
} from '@lokal/shared/schemas/discovery';
import { and, asc, eq, fillPlaceholders, getTableColumns, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { firstRepliesJson, firstRepliesOf } from '../../db/first-replies.ts';
import { arraysAsJson } from '../../db/json-row.ts';
import { perShape } from '../../db/prepared.ts';
import { bookings, reviews } from '../../db/schema/bookings.ts';
import { conversations } from '../../db/schema/chat.ts';
import { availabilityExceptions, experiences, guideAvailability } from '../../db/schema/experiences.ts';
import { guideMatchTerms } from '../../db/schema/match-terms.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { planOnce } from '../../db/statement-names.ts';
import { activeMember } from '../../db/visibility.ts';
import { guideVectorColumns, memoryVectorColumns, travellerSideText } from '../match/repository.ts';
import { matchExactSql, matchParams, profileBound, QUIZ_POINTS, quizPoint } from '../match/score-sql.ts';
import type { MatchVectors } from '../match/vectors.ts';

/** Where a page ended: verified, rating, price, match score before rounding (best match) and the id. */
export type Cursor = { v: boolean; r: number; p: number; m: number; id: string };
/** Where a page of the guide's tourist list ends: membership tier, last activity (as PostgreSQL wrote it), id. */
export type TouristCursor = { s: number; at: string; id: string };

/** Matches LIKE's metacharacters literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const g = guideProfiles;

// The seeded acceptance_rate and requests_last_30_days columns are never read: the figures come from chat
// (touristFigures). Decision 010.
const {
  acceptanceRate: _a,
  requestsLast30Days: _r,
  rankScore: _s,
  card: _c,
  reviews: _n,
  ...storedTouristColumns
} = getTableColumns(touristProfiles);
const touristColumns = arraysAsJson(storedTouristColumns);

/** What a tourist's figures are made of; zeros for a tourist no guide has written to. */
export type TouristFigures = { requests30: number; requests: number; answered: number; reviews: number };

/** How many published reviews there are about the tourist of the row, kept on the profile (decision 077). */
const publishedReviews = touristProfiles.reviews;

/** Where a page ending on the row ends: microseconds survive as text, a JavaScript Date would round them off. */
const listCursorAt = sql<string>`${touristProfiles.lastActiveAt}::text`;

/**
 * A tourist's figures, read with the row (decision 010): a request is a conversation a guide started and wrote
 * in, answered once the tourist wrote back (the conversation keeps when each side first wrote), and the
 * published reviews about them. `since` starts the last 30 days.
 */
const figuresOf = (since: SQL) =>
  sql<TouristFigures>`(select json_build_array(
      count(*) filter (where c.created_at >= ${since}), count(*), count(c.tourist_wrote_at),
      ${publishedReviews})
    from ${conversations} c
    where c.tourist_id = ${touristProfiles.userId} and c.started_by = c.guide_id and c.guide_wrote_at is not null)`.mapWith(
    (v: number[]) => ({
      requests30: v[0] ?? 0,
      requests: v[1] ?? 0,
      answered: v[2] ?? 0,
      reviews: v[3] ?? 0,
    }),
  );

/** The tourist list's row: the profile, the account's dates, its figures, and where a page ending on it ends. */
const touristRowColumns = (since: SQL) => ({
  profile: touristColumns,
  lastActive: touristProfiles.lastActiveAt,
  createdAt: users.createdAt,
  phoneVerifiedAt: users.phoneVerifiedAt,
  rankScore: touristProfiles.rankScore,
  figures: figuresOf(since),
  matchSide: travellerSideText,
  cursorAt: listCursorAt,
});

/**
 * The guide's list's row (decision 072): the card the database keeps with the profile and what the list adds to
 * it (the published reviews' count, the last activity as the API writes a time), the traveller's side for the
 * guide's match (travellerSideText), and where a page ending on it ends.
 */
const touristPageColumns = {
  card: touristProfiles.card,
  userId: touristProfiles.userId,
  tier: touristProfiles.tier,
  cursorAt: listCursorAt,
  lastActive: sql<string>`lokal_iso(${touristProfiles.lastActiveAt})`,
  reviews: publishedReviews,
  matchSide: travellerSideText,
};

/**
 * The city whose travellers a guide sees (docs/product.md#tourist-list): the profile's, else the account's, one
 * that is neither blank nor the placeholder a new account starts with; null when there is none.
 */
const listCityOf = (profileCity: SQLWrapper, accountCity: SQLWrapper) => {
  const usable = (c: SQLWrapper) =>
    sql`case when btrim(${c}) <> '' and lower(btrim(${c})) <> ${DEFAULT_CITY.toLowerCase()} then btrim(${c}) end`;
  return sql<string | null>`coalesce(${usable(profileCity)}, ${usable(accountCity)})`;
};

/**
 * Whose city the top 3 is of: a city, or the guide's own (read in the same statement, so the guide's row and
 * the list are asked side by side instead of one after the other).
 */
export type ListCity = string | { guide: string };

/**
 * The lower-cased city of a list's statement: the `city` placeholder's, or that of the `guide` one's row. Either
 * is known before the list is read, so the list's plan walks the city's index whatever the values (decision 073).
 */
const listCitySql = (by: 'city' | 'guide'): SQL => {
  const p = sql.placeholder;
  return by === 'city'
    ? sql`${p('city')}::text`
    : sql`(select lower(${listCityOf(sql`gc.city`, sql`uc.city`)})
    from ${g} gc join ${users} uc on uc.id = gc.user_id where gc.user_id = ${p('guide')}::uuid)`;
};

/** How many of a tourist's newest published reviews their profile shows (docs/product.md#tourist-profiles). */
export const RECENT_REVIEWS = 3;

/** A tourist's newest published reviews, as the profile shows them, read with the row. */
const recentReviewsOf = (tourist: SQL | typeof touristProfiles.userId) =>
  sql<{ rating: number; reviewer: string; text: string }[]>`(select coalesce(json_agg(json_build_object(
      'rating', x.rating, 'reviewer', x.reviewer, 'text', x.text) order by x.published_at desc, x.id desc), '[]')
    from (select r.id, r.published_at, r.rating, r.text, coalesce(gp.first_name, rt.first_name, '') as reviewer
      from ${reviews} r
      left join ${guideProfiles} gp on gp.user_id = r.author_id
      left join ${touristProfiles} rt on rt.user_id = r.author_id
      where r.subject_id = ${tourist} and r.published_at is not null
      order by r.published_at desc, r.id desc
      limit ${sql.raw(String(RECENT_REVIEWS))}) x)`;

/** Tourists guides may see in a city: done with onboarding, an active account (docs/product.md#tourist-list). */
const touristOf = (city: string | SQL): SQL[] => [
  sql`lower(${touristProfiles.city}) = ${typeof city === 'string' ? city.toLowerCase() : city}`,
  eq(users.onboardingCompleted, true),
  activeMember(),
];

/** What toGuideCard() builds a guide card from: the guide's profile. */
export type GuideCardRow = Pick<
  typeof g.$inferSelect,
  | 'userId'
  | 'slug'
  | 'firstName'
  | 'lastName'
  | 'age'
  | 'city'
  | 'country'
  | 'profession'
  | 'bio'
  | 'image'
  | 'rating'
  | 'reviews'
  | 'totalTours'
  | 'priceMin'
  | 'priceMax'
  | 'specialties'
  | 'languages'
  | 'responseTime'
  | 'verified'
  | 'tourTypes'
>;

/**
 * A guide's card as the API sends it (the discovery schema's guide card, without the match), as JSON text: a search
 * page goes out as the database keeps its cards instead of being parsed into objects, encoded and written again
 * (decision 065), and the card is kept with the row by a trigger (`lokal_guide_card`, migration 0024) instead of
 * being written for every page (decision 070). The keys are the schema's; search-cards.test holds every card
 * equal to toGuideCard() of its row.
 */
const cardWire = sql<string>`${g.card}`;

/** What a page's order, cursor and match need of a guide whose card comes as JSON text. */
const wireSideColumns = {
  userId: g.userId,
  verified: g.verified,
  rating: g.rating,
  priceMin: g.priceMin,
  priceMax: g.priceMax,
  ...guideVectorColumns,
};
/**
 * The search's columns: the card as the API sends it, and what the page's order, cursor and match need (arrays
 * as JSON).
 */
const searchColumns = { wire: cardWire, ...arraysAsJson(wireSideColumns) };
/** A page's row: the card as the API sends it and the guide's side; "Best match" adds the score before rounding. */
export type WireCardRow = Pick<typeof g.$inferSelect, keyof typeof wireSideColumns> & {
  wire: string;
  matchScore?: number;
};

/**
 * What a search needs besides its filters: the server's rates (prices), the clock (open requests) and, for
 * "Best match", the traveller's side of the match.
 */
export type SearchContext = { rates: UsdRates; now: Date; traveller?: TravellerSide | null };

/** The values of the filters given, as the statement's parameters (with what their conditions derive). */
function filterValues(f: GuideFilters, c: SearchContext): Record<string, unknown> {
  const priced = f.minPrice !== undefined || f.maxPrice !== undefined;
  const dated = f.date !== undefined;
  return {
    q: f.q ? `%${escapeLike(f.q.toLowerCase())}%` : undefined,
    category: f.category && f.category !== 'All' ? f.category : undefined,
    city: f.city?.toLowerCase(),
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
  if (set.has('q')) where.push(sql`${g.searchText} like ${p('q')}`);
  if (set.has('category')) where.push(sql`${g.specialties} @> array[${p('category')}]::text[]`);
  if (set.has('city')) where.push(sql`lower(${g.city}) = ${p('city')}`);
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

/**
 * Which guides a "Best match" list holds (decision 045): `near`, the guides who took the assessment, nearest
 * quiz first (a traveller with the quiz); `plain`, those without one, by id (a traveller with the quiz); `any`,
 * every guide by id (a traveller without it, whose match has no quiz part).
 */
type Family = 'near' | 'plain' | 'any';
/** The traveller's city, the other cities, or every city (a traveller without a city). */
type Part = 'same' | 'other' | 'all';
/** One list: the guides under a term ('' every guide, else one of the traveller's wants), walked so far. */
type MatchList = {
  family: Family;
  part: Part;
  term: string;
  limit: number;
  /** Not read yet: its guides may be anywhere. */
  unread: boolean;
  /** The last row read: its distance (near) or its id (plain, any); null when the list has no more rows. */
  front: number | string | null;
};
/** What floating point may leave between the bound and the score the database adds up. */
const EPS = 1e-9;
const PROFILE_POINTS =
  MATCH_WEIGHTS.city + MATCH_WEIGHTS.languages + MATCH_WEIGHTS.interests + MATCH_WEIGHTS.budget;
/** Up to how many guides a list's size is counted before it is walked. */
const HELD_CAP = 1000;
/** Past every uuid: a list that has none left. */
const NO_ID = '\uffff';

const byMatch = (a: [string, number], b: [string, number]) =>
  b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * "Best match" without scoring every guide (decision 045): Fagin's threshold algorithm over short lists. Each
 * list is read from an index in an order that bounds the score of what it has not yet given: the guides of a
 * term in or out of the traveller's city, nearest quiz first (GiST on the cube of guide_match_terms), or by id.
 * Every guide read is scored exactly (`matchExactSql`); a guide that no list has given yet offers k of the wants
 * only if it lies past the k nearest fronts of those lists, which caps its score (`profileBound` plus the quiz's
 * 25 points less that distance). The lists grow, twice as long each round, until no unseen guide can enter the
 * page: the page is then exactly the first rows of (score before rounding desc, id) after the cursor. It reads
 * about a page per list rather than every guide (the GiST walks still read more index pages in a larger city).
 */
function createBestMatch(db: Db) {
  const t = guideMatchTerms;
  const p = sql.placeholder;
  const statements = new Map<string, ReturnType<typeof prepareList>>();
  function prepareList(family: Family, part: Part, set: ReadonlySet<string>, quiz: boolean, after: boolean) {
    const exact = matchExactSql(quiz);
    const where: SQL[] = [sql`${t.term} = ${p('term')}::text`, ...filterConditions(set)];
    if (part === 'same') where.push(sql`${t.city} = ${p('m_city')}::text`);
    if (part === 'other') where.push(sql`${t.city} <> ${p('m_city')}::text`);
    if (family === 'near') where.push(sql`${t.point} is not null`);
    if (family === 'plain') where.push(sql`${t.point} is null`);
    if (after) {
      where.push(sql`(${exact} < ${p('cursorM')}::float8
        or (${exact} = ${p('cursorM')}::float8 and ${g.userId} > ${p('cursorId')}))`);
    }
    const distance = sql`(${t.point} <#> ${p('point')}::cube)`;
    const key = `${family}|${part}|${[...set].join(',')}|${quiz}|${after}`;
    return db
      .select({
        id: g.userId,
        s: sql<number>`${exact}`,
        d: family === 'near' ? sql<number>`${distance}` : sql<number>`0::float8`,
      })
      .from(t)
      .innerJoin(g, eq(g.userId, t.guideId))
      .where(and(...where))
      .orderBy(family === 'near' ? distance : asc(t.guideId))
      .limit(p('lim'))
      .prepare(`best_match_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`);
  }
  const listStatement = (
    family: Family,
    part: Part,
    set: ReadonlySet<string>,
    quiz: boolean,
    after: boolean,
  ) => {
    const key = `${family}|${part}|${[...set].join(',')}|${quiz}|${after}`;
    let statement = statements.get(key);
    if (!statement) {
      statement = prepareList(family, part, set, quiz, after);
      statements.set(key, statement);
    }
    return statement;
  };
  const termsStatement = db
    .select({
      term: sql<string>`x.term`,
      same: sql<number>`(select count(*) from (select 1 from ${t} m
        where m.term = x.term and m.city = ${p('m_city')}::text limit ${HELD_CAP}) c)::int`,
      other: sql<number>`(select count(*) from (select 1 from ${t} m
        where m.term = x.term and m.city <> ${p('m_city')}::text limit ${HELD_CAP}) c)::int`,
    })
    .from(sql`unnest(${p('terms')}::text[]) as x(term)`)
    .prepare('best_match_terms');
  const cardsStatement = db
    .select(searchColumns)
    .from(g)
    .where(sql`${g.userId} = any(${p('ids')}::uuid[])`)
    .prepare('best_match_cards');

  /** Whether a guide that none of this family's lists in this part has given yet could still enter the page. */
  function mayEnter(
    lists: MatchList[],
    blind: number,
    traveller: TravellerSide,
    nth: [string, number] | undefined,
  ): boolean {
    const all = lists.find((l) => l.term === '')!;
    if (!all.unread && all.front === null) return false;
    const near = all.family === 'near';
    const allFront = all.unread ? (near ? 0 : '') : all.front!;
    // A want with no list of its own ('' after trimming), or whose list is not read yet, may be anyone's: its
    // front is before everything.
    const fronts = [
      ...lists
        .filter((l) => l.term !== '')
        .map((l) => (l.unread ? (near ? 0 : '') : (l.front ?? (near ? Infinity : NO_ID)))),
      ...Array<number | string>(blind).fill(near ? 0 : ''),
    ].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (let k = 0; k <= fronts.length; k++) {
      // Unseen by every list it is in: past the front of the list of every guide and of its k wants' lists.
      const past = k === 0 || fronts[k - 1]! < allFront ? allFront : fronts[k - 1]!;
      if (past === Infinity || past === NO_ID) continue;
      const profile = profileBound(traveller, all.part === 'same', k);
      if (near) {
        const bound = profile + QUIZ_POINTS - (past as number);
        if (!nth || bound >= nth[1] - EPS) return true;
      } else {
        const bound = (100 * profile) / PROFILE_POINTS;
        if (!nth || bound > nth[1] + EPS || (bound >= nth[1] - EPS && (past as string) < nth[0])) return true;
      }
    }
    return false;
  }

  return async function bestMatchPage(
    filters: GuideFilters,
    limit: number,
    cursor: Cursor | null,
    context: SearchContext,
    traveller: TravellerSide,
  ): Promise<WireCardRow[]> {
    const values = filterValues(filters, context);
    const set = filtersSet(values);
    const quiz = traveller.quiz !== null;
    const params = {
      ...values,
      ...matchParams(traveller),
      ...(traveller.quiz ? { point: quizPoint(traveller.quiz) } : {}),
      ...(cursor ? { cursorM: cursor.m, cursorId: cursor.id } : {}),
    };
    const wants = [...new Set(traveller.wants.map(matchWord))];
    const terms = ['', ...wants.filter((w) => w !== '')];
    const blind = wants.length + 1 - terms.length;
    const parts: Part[] = matchWord(traveller.city) === '' ? ['all'] : ['same', 'other'];
    const families: Family[] = quiz ? ['near', 'plain'] : ['any'];
    const groups = families.flatMap((family) =>
      parts.map((part) =>
        terms.map((term): MatchList => ({ family, part, term, limit, unread: true, front: null })),
      ),
    );
    // How many guides each list holds, up to a cap (btree probes, in one statement): empty lists are never
    // walked, and the shortest unread list of a part is walked first.
    const held = new Map(
      (await termsStatement.execute({ terms, m_city: matchWord(traveller.city) })).map((r) => [
        r.term,
        { same: Number(r.same), other: Number(r.other), all: Number(r.same) + Number(r.other) },
      ]),
    );
    const size = (l: MatchList) => held.get(l.term)?.[l.part] ?? 0;
    for (const l of groups.flat()) {
      if (size(l) > 0) continue;
      l.unread = false;
      l.front = null;
    }
    const seen = new Map<string, number>();
    // The lists of every guide in the traveller's city first; the other lists when their bound may still enter.
    let pending = groups.map((lists) => lists[0]!).filter((l) => l.unread && l.part !== 'other');
    while (pending.length > 0) {
      await Promise.all(
        pending.map(async (l) => {
          const statement = listStatement(l.family, l.part, set, quiz, cursor !== null);
          const rows = await statement.execute({ ...params, term: l.term, lim: l.limit });
          for (const r of rows) seen.set(r.id, Number(r.s));
          const last = rows[rows.length - 1];
          l.unread = false;
          l.front = rows.length < l.limit || !last ? null : l.family === 'near' ? Number(last.d) : last.id;
        }),
      );
      const nth = [...seen].sort(byMatch)[limit - 1];
      pending = [];
      // The traveller's city first: its guides raise the page's last score before other cities are walked.
      for (const lists of [...groups].sort(
        (a, b) => Number(a[0]!.part === 'other') - Number(b[0]!.part === 'other'),
      )) {
        if (pending.length > 0 && lists[0]!.part === 'other') break;
        if (!mayEnter(lists, blind, traveller, nth)) continue;
        // One unread list at a time, the shortest first: a short list read to its end may rule out a class.
        const unread = lists.filter((l) => l.unread).sort((a, b) => size(a) - size(b));
        if (unread.length > 0) {
          pending.push(unread[0]!);
          continue;
        }
        for (const l of lists) {
          if (l.front === null) continue;
          l.limit *= 2;
          pending.push(l);
        }
      }
    }
    const page = [...seen].sort(byMatch).slice(0, limit);
    if (page.length === 0) return [];
    const cards = new Map(
      (await cardsStatement.execute({ ids: page.map(([id]) => id) })).map((row) => [row.userId, row]),
    );
    return page.map(([id, score]) => ({ ...cards.get(id)!, matchScore: score }));
  };
}

/**
 * How many Luxury VIP and Premium tourists of the city were active since then: only they are read (their own
 * index). The account check per online row (a subquery per row): a join could read every account instead.
 */
function highValueOnline(city: SQL, since: SQL): SQL<number> {
  const tp = touristProfiles;
  return sql<number>`(select count(*)::int from ${tp} hv
    where lower(hv.city) = ${city} and hv.status <> 'Gold Member' and hv.last_active_at > ${since}
      and coalesce((select u.onboarding_completed and u.suspended_at is null and u.deleted_at is null
        from ${users} u where u.id = hv.user_id), false))`;
}

/**
 * "Best match" from the in-memory table (decision 052), for a search with no filter but the city: the page is
 * scored in memory, then only its cards are read, listed ones only, each with its row's version; the guide's side
 * (for the card's match) is the table's. A card that is gone or whose row the table holds at another version (a
 * change whose notification has not arrived yet, or any other change to the row) has the table read those guides
 * back and the page is scored again, so a page never shows a guide that is no longer listed and its order and
 * matches are those of the rows it shows.
 * Null when the table cannot answer: the SQL path does.
 */
function createMemoryBestMatch(db: Db, vectors: MatchVectors) {
  // The cards and what the cursor needs; the guide's side comes from the table, checked by the row's version.
  const cardsStatement = db
    .select({
      wire: cardWire,
      userId: g.userId,
      verified: g.verified,
      rating: g.rating,
      priceMin: g.priceMin,
      priceMax: g.priceMax,
      version: memoryVectorColumns.version,
    })
    .from(g)
    .where(sql`${g.userId} = any(${sql.placeholder('ids')}::uuid[]) and ${g.listed}`)
    .prepare('best_match_memory_cards');
  return async function memoryPage(
    filters: GuideFilters,
    limit: number,
    cursor: Cursor | null,
    context: SearchContext,
    traveller: TravellerSide,
  ): Promise<WireCardRow[] | null> {
    const values = filterValues(filters, context);
    const set = filtersSet(values);
    if ([...set].some((k) => k !== 'city') || !(await vectors.ready())) return null;
    const city = values.city as string | undefined;
    const { table } = vectors;
    for (let attempt = 0; attempt < 3; attempt++) {
      const page = table.page(traveller, limit, cursor, city);
      if (page.length === 0) return [];
      const rows = await cardsStatement.execute({ ids: page.map(([id]) => id) });
      const cards = new Map(rows.map((r) => [r.userId, r]));
      const stale = page.filter(([id]) => !table.current(id, cards.get(id)?.version ?? ''));
      if (stale.length === 0) {
        return page.map(([id, score]) => ({
          ...cards.get(id)!,
          ...table.vector(id)!,
          hideProfile: false,
          matchScore: score,
        }));
      }
      await vectors.refresh(stale.map(([id]) => id));
    }
    return null;
  };
}

export function createDiscoveryRepository(db: Db, vectors: MatchVectors | null = null) {
  // One prepared statement per shape of search (which filters are set, the sort, first page or after a
  // cursor): built once, then only executed; PostgreSQL keeps each one's plan per connection.
  const searchStatements = new Map<string, ReturnType<typeof prepareSearch>>();
  const prepareSearch = (where: SQL[], sort: GuideSort, name: string) =>
    db
      .select(searchColumns)
      .from(g)
      .where(and(...where))
      .orderBy(...order(sort))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  const bestMatch = createBestMatch(db);
  const memoryBestMatch = vectors ? createMemoryBestMatch(db, vectors) : null;
  // The guide's dashboard asks these on every visit: each one built once, then only executed.
  const p = sql.placeholder;
  // The guide as every guide's screen starts: the profile, the account's city and the match side (same row).
  const guideColumns = {
    profile: {
      userId: g.userId,
      city: g.city,
      verified: g.verified,
      rating: g.rating,
      verificationStatus: g.verificationStatus,
      rejectionReason: g.rejectionReason,
    },
    // The city whose travellers the guide sees, by the rule the lists' statements read it with.
    listCity: listCityOf(g.city, users.city),
    vector: arraysAsJson(guideVectorColumns),
  };
  const guideOfStatement = db
    .select(guideColumns)
    .from(g)
    .innerJoin(users, eq(users.id, g.userId))
    .where(sql`${g.userId} = ${p('userId')}::uuid`)
    .prepare('guide_of');
  // The dashboard's guide: with the bookings figures (this week in the booking's own time zone, earnings of
  // completed bookings in USD) and the first replies the response figures count, in the one statement.
  const guideDeskStatement = planOnce(
    db
      .select({
        ...guideColumns,
        figures: sql<[number, number]>`(select json_build_array(
        count(*) filter (where b.status in ('accepted', 'completed')
          and date_trunc('week', b.start_at at time zone b.time_zone)
            = date_trunc('week', ${p('at')}::timestamptz at time zone b.time_zone)),
        coalesce(sum(b.total_usd) filter (where b.status = 'completed'), 0))
        from ${bookings} b where b.guide_id = ${g.userId})`,
        replies: firstRepliesJson(g.userId),
        // The dashboard's count of the guide's city, with the guide's row (whose city it is).
        highValueOnline: highValueOnline(
          sql`lower(${listCityOf(g.city, users.city)})`,
          sql`${p('online')}::timestamptz`,
        ),
      })
      .from(g)
      .innerJoin(users, eq(users.id, g.userId))
      .where(sql`${g.userId} = ${p('userId')}::uuid`),
    'guide_desk',
  );
  const tp = touristProfiles;
  const touristPageStatement = perShape((shape) =>
    prepareTouristPage(shape, `tourist_page_${shape || 'all'}`),
  );
  function prepareTouristPage(shape: string, name: string) {
    const where: SQL[] = [...touristOf(sql`${p('city')}::text`)];
    if (shape.includes('n')) {
      where.push(sql`lower(${tp.firstName} || ' ' || ${tp.lastName} || ' ' || ${tp.country} || ' '
        || array_to_string(${tp.interests}, ' ')) like ${p('needle')}::text`);
    }
    if (shape.includes('i')) where.push(sql`${tp.interests} && ${p('interests')}::text[]`);
    // One row comparison in the index's own order: the page starts where the last one ended.
    if (shape.includes('c')) {
      where.push(
        sql`(${tp.tier}, ${tp.lastActiveAt}, ${tp.userId}) < (${p('cursorS')}::smallint, ${p('cursorAt')}::timestamptz, ${p('cursorId')}::uuid)`,
      );
    }
    const page = db
      .select(touristPageColumns)
      .from(tp)
      .innerJoin(users, eq(users.id, tp.userId))
      .where(and(...where))
      .orderBy(
        sql`${tp.tier} desc nulls last`,
        sql`${tp.lastActiveAt} desc nulls last`,
        sql`${tp.userId} desc nulls last`,
      )
      .limit(p('limit'));
    // Unfiltered, a page walks the city's index in its order whatever the values: planned once (decision 073).
    // A filter's selectivity is in its values, so a filtered page is planned for them.
    return /[ni]/.test(shape) ? page.prepare(name) : planOnce(page, name);
  }
  // The top 3 carries each tourist's newest reviews (their profile shows them); the list of those open to
  // new guides is only asked whom an unverified guide may contact.
  const prepareTop = <R extends boolean>(
    openToNew: boolean,
    withReviews: R,
    by: 'city' | 'guide',
    name: string,
  ) =>
    planOnce(
      db
        .select({
          ...touristRowColumns(sql`${p('since')}::timestamptz`),
          recentReviews: (withReviews ? recentReviewsOf(tp.userId) : sql`null`) as SQL<
            R extends true ? { rating: number; reviewer: string; text: string }[] : null
          >,
        })
        .from(tp)
        .innerJoin(users, eq(users.id, tp.userId))
        .where(
          and(
            ...touristOf(listCitySql(by)),
            openToNew ? sql`(${tp.availability} ->> 'newGuides')::boolean` : undefined,
          ),
        )
        .orderBy(sql`${tp.rankScore} desc nulls last`, asc(tp.userId))
        .limit(p('limit')),
      `${name}_by_${by}`,
    );
  const topStatements = {
    city: prepareTop(false, true, 'city', 'tourists_top'),
    guide: prepareTop(false, true, 'guide', 'tourists_top'),
  };
  const topOpenStatements = {
    city: prepareTop(true, false, 'city', 'tourists_top_open'),
    guide: prepareTop(true, false, 'guide', 'tourists_top_open'),
  };
  /** Which statement of a pair reads a list of this city, and its values. */
  const listOf = (of: ListCity, limit: number, since: Date) =>
    [
      typeof of === 'string' ? 'city' : 'guide',
      typeof of === 'string'
        ? { city: of.toLowerCase(), limit, since: since.toISOString() }
        : { guide: of.guide, limit, since: since.toISOString() },
    ] as const;

  return {
    async searchGuides(
      filters: GuideFilters,
      sort: GuideSort,
      limit: number,
      cursor: Cursor | null,
      context: SearchContext,
    ): Promise<WireCardRow[]> {
      if (sort === 'best_match') {
        if (!context.traveller) throw new Error('best match needs the traveller');
        const fromMemory = await memoryBestMatch?.(filters, limit, cursor, context, context.traveller);
        return fromMemory ?? bestMatch(filters, limit, cursor, context, context.traveller);
      }
      const values = filterValues(filters, context);
      const set = filtersSet(values);
      const key = `${[...set].join(',')}|${sort}|${cursor ? 'after' : 'first'}`;
      let statement = searchStatements.get(key);
      if (!statement) {
        const where = filterConditions(set);
        if (cursor) where.push(after(sort));
        // Named by its shape: every repository of the app (and every pool connection) means the same statement.
        const name = `guide_search_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
        statement = prepareSearch(where, sort, name);
        searchStatements.set(key, statement);
      }
      return (await statement.execute({
        ...values,
        limit,
        ...(cursor
          ? {
              cursorV: cursor.v,
              cursorR: cursor.r,
              cursorP: cursor.p,
              cursorM: cursor.m,
              cursorId: cursor.id,
            }
          : {}),
      })) as WireCardRow[];
    },

    /** The plan of the search, for the index test. */
    /**
     * The plan of a first page of the search: for the index test (sequential scans off, so only a missing
     * index shows one), or with `analyze` as it runs (EXPLAIN (ANALYZE, BUFFERS), for docs/performance.md).
     */
    async explainSearch(
      filters: GuideFilters,
      context: SearchContext,
      options: { analyze?: boolean; sort?: GuideSort; limit?: number } = {},
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

    async listedGuide(id: string) {
      const [row] = await db
        .select()
        .from(g)
        .where(and(eq(g.userId, id), eq(g.listed, true)));
      return row ?? null;
    },

    async guideOf(userId: string) {
      const [row] = await guideOfStatement.execute({ userId });
      return row ?? null;
    },

    /**
     * The guide with the dashboard's figures (docs/product.md#tourist-list). This week: accepted or completed
     * bookings starting Monday–Sunday of the current week in the booking's own (the guide's city) time zone.
     * Earnings: completed bookings, all time, USD. Replies: what the response figures count. The count of
     * the city's Luxury VIP and Premium tourists active since `onlineSince`.
     */
    async guideDesk(userId: string, now: Date, onlineSince: Date) {
      const [row] = await guideDeskStatement.execute({
        userId,
        at: now.toISOString(),
        online: onlineSince.toISOString(),
      });
      if (!row) return null;
      const { figures, replies, ...guide } = row;
      return {
        ...guide,
        thisWeek: Number(figures?.[0] ?? 0),
        earnings: Number(figures?.[1] ?? 0),
        replies: firstRepliesOf(replies),
      };
    },

    /**
     * One page of the guide's list (docs/product.md#tourist-list): the city's tourists, membership first,
     * then the most recently active, in the order of tourist_profiles_city_list_idx, so a page reads its own
     * rows and no more (decision 039), each as its kept card (decision 072). `needle` looks in the name, country
     * and interests; `interests` keeps those who share one of them.
     */
    async touristPage(
      city: string,
      filter: { needle?: string; interests?: string[] },
      limit: number,
      cursor: TouristCursor | null,
    ) {
      const shape = `${filter.needle ? 'n' : ''}${filter.interests ? 'i' : ''}${cursor ? 'c' : ''}`;
      return touristPageStatement(shape).execute({
        city: city.toLowerCase(),
        limit,
        ...(filter.needle ? { needle: `%${escapeLike(filter.needle)}%` } : {}),
        ...(filter.interests ? { interests: filter.interests } : {}),
        ...(cursor ? { cursorS: cursor.s, cursorAt: cursor.at, cursorId: cursor.id } : {}),
      });
    },

    /**
     * The city's best tourists by the stored top-3 score (kept by the tourist-ranking job), from
     * tourist_profiles_city_rank_idx, each with their newest reviews.
     */
    async topOf(city: ListCity, limit: number, since: Date) {
      const [by, values] = listOf(city, limit, since);
      return topStatements[by].execute(values);
    },

    /** The same, of those who welcome new guides: whom an unverified guide may contact. */
    async topOpenToNew(city: ListCity, limit: number, since: Date) {
      const [by, values] = listOf(city, limit, since);
      return topOpenStatements[by].execute(values);
    },

    /** One tourist of this city that guides may see, or null. */
    async touristInCity(id: string, city: string, since: Date) {
      const [row] = await db
        .select(touristRowColumns(sql`${since.toISOString()}::timestamptz`))
        .from(touristProfiles)
        .innerJoin(users, eq(users.id, touristProfiles.userId))
        .where(and(eq(touristProfiles.userId, id), ...touristOf(city)));
      return row ?? null;
    },

    /**
     * The tourist-ranking job: every tourist's top-3 score (shared/domain/discovery.ts topTouristScore, to one
     * decimal as shown) from their membership, rating, verification, last activity and the guides' requests of
     * the last 30 days; only rows whose score moved are written. Returns how many moved.
     */
    async refreshRankScores(now: Date): Promise<number> {
      const at = now.toISOString();
      const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
      const result = await db.execute(sql`
        with asked as (
          select c.tourist_id as id, count(*)::int as n
          from ${conversations} c
          where c.started_by = c.guide_id and c.guide_wrote_at is not null and c.created_at >= ${since}::timestamptz
          group by c.tourist_id),
        scored as (
          select tp.user_id, round((
            (case tp.status when 'Luxury VIP Member' then 3 when 'Premium Member' then 2 else 1 end) * 100
            + least(coalesce(a.n, 0), 100) * 0.5
            + tp.rating * 5
            + (case when tp.verified then 10 else 0 end)
            + greatest(0, 30 - greatest(0, extract(epoch from (${at}::timestamptz - tp.last_active_at)) / 86400)) / 30 * 20
          )::numeric, 1)::real as score
          from ${touristProfiles} tp left join asked a on a.id = tp.user_id)
        update ${touristProfiles} tp set rank_score = s.score
        from scored s
        where s.user_id = tp.user_id and tp.rank_score is distinct from s.score`);
      return (
        (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
        (result as unknown as { affectedRows?: number }).affectedRows ??
        0
      );
    },

    /** The newest published reviews of each of these tourists. */
    async recentReviews(ids: string[], perPerson: number) {
      if (ids.length === 0) return [];
      const result = await db.execute(sql`
        select subject_id as "subjectId", rating, text, reviewer from (
          select r.subject_id, r.rating, r.text,
            coalesce(gp.first_name, tp.first_name, '') as reviewer,
            row_number() over (partition by r.subject_id order by r.published_at desc, r.id desc) as n
          from ${reviews} r
          left join ${guideProfiles} gp on gp.user_id = r.author_id
          left join ${touristProfiles} tp on tp.user_id = r.author_id
          where r.subject_id = any(${sql.param(ids)}::uuid[]) and r.published_at is not null
        ) x where n <= ${perPerson}
        order by subject_id, n`);
      return (
        result as unknown as { rows: { subjectId: string; rating: number; text: string; reviewer: string }[] }
      ).rows;
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
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return `'${String(v).replaceAll("'", "''")}'`;
  });
}

export type DiscoveryRepository = ReturnType<typeof createDiscoveryRepository>;
