import type { TravelStyle } from '@lokal/shared/schemas/travel-style';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { travelStyles } from '../../db/schema/match.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';

const g = guideProfiles;
const t = touristProfiles;

/** The guide's stored side of the match (the database trigger keeps it, decision 037). */
export const guideVectorColumns = {
  matchCity: g.matchCity,
  matchLanguages: g.matchLanguages,
  matchOffers: g.matchOffers,
  matchFromUsd: g.matchFromUsd,
  matchRap: g.matchRap,
  matchTechno: g.matchTechno,
  matchRock: g.matchRock,
  matchDrinks: g.matchDrinks,
  matchCannabis: g.matchCannabis,
  matchJokes: g.matchJokes,
  matchAnime: g.matchAnime,
  hideProfile: g.hideProfile,
};

// Hiding a profile takes it off "Best match" lists: a guide kept in memory is listed, so the flag is not kept.
const { hideProfile: _hidden, ...listedSideColumns } = guideVectorColumns;

/** A listed guide's side as "Best match" keeps it in memory (GuideVector of vectors.ts, decision 052). */
export const memoryVectorColumns = {
  id: g.userId,
  cityKey: sql<string>`lower(${g.city})`,
  ...listedSideColumns,
  matchPace: g.matchPace,
  // The row's version (the transaction that wrote it last): a page's card read asks only this of the side.
  version: sql<string>`${g}.xmin::text`,
};

/**
 * The same, read with a tourist's row in another module's list: one JSON array's text in TravellerRow's order
 * (city, languages, interests, looking for, budget, currency, answers or null), the key the match service keeps
 * the traveller's scorer under (decision 074).
 */
export const travellerSideText = sql<string>`'[' || to_json(${t.city})::text || ',' || to_json(${t.languages})::text
  || ',' || to_json(${t.interests})::text || ',' || to_json(${t.lookingFor})::text || ',' || ${t.budgetMax}
  || ',' || to_json(${t.currency})::text || ',' || coalesce((select ts.answers::text from ${travelStyles} ts
    where ts.user_id = ${t.userId}), 'null') || ']'`;

/** What the match reads of a traveller: profile and quiz answers (null when not taken). */
const travellerColumns = {
  id: t.userId,
  city: t.city,
  languages: t.languages,
  interests: t.interests,
  lookingFor: t.lookingFor,
  budgetMax: t.budgetMax,
  currency: t.currency,
  answers: travelStyles.answers,
};

export function createMatchRepository(db: Db) {
  // A signed-in traveller's side, read for every page that shows a match: built once, then only executed.
  const travellerStatement = db
    .select({ ...travellerColumns, answeredAt: travelStyles.updatedAt })
    .from(t)
    .leftJoin(travelStyles, eq(travelStyles.userId, t.userId))
    .where(sql`${t.userId} = ${sql.placeholder('id')}::uuid`)
    .prepare('match_traveller');
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

    /** Every listed guide's side (null), or these guides' when listed: what "Best match" keeps in memory. */
    async listedVectors(ids: string[] | null) {
      return db
        .select(memoryVectorColumns)
        .from(g)
        .where(and(eq(g.listed, true), ids ? inArray(g.userId, ids) : undefined));
    },

    /** The stored match side of these guides. */
    async guideVectors(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: g.userId, ...guideVectorColumns })
        .from(g)
        .where(inArray(g.userId, ids));
    },
  };
}

export type MatchRepository = ReturnType<typeof createMatchRepository>;
/** The guide's stored match columns (guideVectorColumns), inferred from the statement that reads them. */
export type VectorRow = Omit<Awaited<ReturnType<MatchRepository['guideVectors']>>[number], 'id'>;
/**
 * What the match reads of a traveller (travellerColumns, the quiz's answers null when not taken), without the id:
 * inferred from the statement, so it follows the selection.
 */
export type TravellerRow = Omit<
  NonNullable<Awaited<ReturnType<MatchRepository['traveller']>>>,
  'id' | 'answeredAt'
>;
