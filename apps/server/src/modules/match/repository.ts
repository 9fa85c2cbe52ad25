import type { TravelStyle } from '@lokal/shared/schemas/travel-style';
import { eq, inArray } from 'drizzle-orm';
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

export function createMatchRepository(db: Db) {
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

    /** What the match reads of these travellers: profile and quiz answers (null when not taken). */
    async travellers(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: t.userId,
          city: t.city,
          languages: t.languages,
          interests: t.interests,
          lookingFor: t.lookingFor,
          budgetMax: t.budgetMax,
          currency: t.currency,
          answers: travelStyles.answers,
        })
        .from(t)
        .leftJoin(travelStyles, eq(travelStyles.userId, t.userId))
        .where(inArray(t.userId, ids));
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
