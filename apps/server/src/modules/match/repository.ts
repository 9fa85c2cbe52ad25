import type { TravelStyle } from '@lokal/shared/schemas/travel-style';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { travelStyles } from '../../db/schema/match.ts';

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
  };
}
