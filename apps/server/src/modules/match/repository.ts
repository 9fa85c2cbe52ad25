import type { AvailabilityException, WeeklySchedule } from '@lokal/shared/domain/slots';
import type { TravelStyle } from '@lokal/shared/schemas/travel-style';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { availabilityExceptions, experiences, guideAvailability } from '../../db/schema/experiences.ts';
import { travelStyles } from '../../db/schema/match.ts';
import { guideAssessments, guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';

const g = guideProfiles;
const t = touristProfiles;
// The ids named with their table: a statement of one table writes its columns without it, which a subquery
// would read as its own table's.
const guideId = sql`${g}.user_id`;
const touristId = sql`${t}.user_id`;

/**
 * Which version of a guide's match side a row is: the profile's and the assessment's row versions (the
 * transactions that wrote them last). A page compares it with the side "Best match" holds (docs/decisions/080).
 */
export const guideSideVersion = sql<string>`(${g}.xmin::text || '/' || coalesce((select a.xmin::text
  from ${guideAssessments} a where a.user_id = ${guideId}), ''))`;

/** What guideSideOf() reads of a guide (GuideRecord of packages/shared/src/domain/match.ts), as plain values. */
const guideSideColumns = {
  id: g.userId,
  listed: g.listed,
  city: g.city,
  languages: g.languages,
  specialties: g.specialties,
  tourCount: sql<number>`jsonb_array_length(${g.tourTypes})`.mapWith(Number),
  priceMin: g.priceMin,
  hideProfile: g.hideProfile,
  assessment: sql<Record<string, unknown> | null>`(select a.answers from ${guideAssessments} a
    where a.user_id = ${guideId})`,
  publishedCategories: sql<string[]>`coalesce((select array_agg(e.category) from ${experiences} e
    where e.guide_id = ${guideId} and e.status = 'published'), '{}')`,
  groups: sql<
    { min: number; max: number }[]
  >`coalesce((select jsonb_agg(jsonb_build_object('min', e.min_group,
    'max', e.max_group)) from ${experiences} e where e.guide_id = ${guideId} and e.status = 'published'), '[]')`,
  weekly: sql<WeeklySchedule | null>`(select h.weekly from ${guideAvailability} h where h.guide_id = ${guideId})`,
  // Exceptions from a day ago on: a trip counts from today in any city.
  exceptions: sql<AvailabilityException[]>`coalesce((select jsonb_agg(jsonb_build_object('date', x.date,
    'kind', x.kind, 'ranges', x.ranges)) from ${availabilityExceptions} x where x.guide_id = ${guideId}
    and x.date >= to_char(now() - interval '1 day', 'YYYY-MM-DD')), '[]')`,
  version: guideSideVersion,
};

/**
 * What the match reads of a tourist, as plain values read with another module's tourist row: the profile's
 * side and the quiz's answers (null when not taken).
 */
export const travellerSideColumns = {
  city: t.city,
  languages: t.languages,
  interests: t.interests,
  lookingFor: t.lookingFor,
  budgetMax: t.budgetMax,
  currency: t.currency,
  travelFrom: t.travelFrom,
  travelTo: t.travelTo,
  partySize: t.partySize,
  answers: sql<unknown>`(select ts.answers from ${travelStyles} ts where ts.user_id = ${touristId})`,
};

export function createMatchRepository(db: Db) {
  // A signed-in traveller's side, read for every page that shows a match: built once, then only executed.
  const travellerStatement = db
    .select({
      ...travellerSideColumns,
      answers: travelStyles.answers,
      id: t.userId,
      answeredAt: travelStyles.updatedAt,
    })
    .from(t)
    .leftJoin(travelStyles, eq(travelStyles.userId, t.userId))
    .where(sql`${t.userId} = ${sql.placeholder('id')}::uuid`)
    .prepare('match_traveller');
  const sidesStatement = db
    .select(guideSideColumns)
    .from(g)
    .where(sql`${g.userId} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('match_guide_sides');
  const everySide = (where?: SQL) => db.select(guideSideColumns).from(g).where(where);

  return {
    async travelStyleOf(userId: string) {
      const [row] = await db
        .select({ answers: travelStyles.answers, updatedAt: travelStyles.updatedAt })
        .from(travelStyles)
        .where(eq(travelStyles.userId, userId));
      return row ?? null;
    },

    async saveTravelStyle(userId: string, answers: TravelStyle, at: Date) {
      const [row] = await db
        .insert(travelStyles)
        .values({ userId, answers, updatedAt: at })
        .onConflictDoUpdate({ target: travelStyles.userId, set: { answers, updatedAt: at } })
        .returning({ answers: travelStyles.answers, updatedAt: travelStyles.updatedAt });
      return row ?? null;
    },

    /** What the match reads of a traveller: profile, quiz answers and when they were saved (null when not taken). */
    async traveller(id: string) {
      const [row] = await travellerStatement.execute({ id });
      return row ?? null;
    },

    /** Every guide's match side (null), or these guides': what "Best match" holds in memory. */
    async guideSides(ids: string[] | null) {
      if (ids === null) return everySide();
      if (ids.length === 0) return [];
      return sidesStatement.execute({ ids });
    },
  };
}

export type MatchRepository = ReturnType<typeof createMatchRepository>;

/** A guide's match side as the database gives it (guideSideColumns). */
export type GuideSideRow = Awaited<ReturnType<MatchRepository['guideSides']>>[number];

/** What the match reads of a traveller (travellerSideColumns); the quiz's answers are checked when read. */
export type TravellerRow = Omit<
  NonNullable<Awaited<ReturnType<MatchRepository['traveller']>>>,
  'id' | 'answeredAt' | 'answers'
> & { answers: unknown };
