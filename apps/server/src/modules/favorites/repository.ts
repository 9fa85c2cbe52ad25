import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favorites } from '../../db/schema/profiles.ts';

type ProfileType = 'guide' | 'tourist' | 'traveler';

export function createFavoritesRepository(db: Db) {
  return {
    async add(userId: string, f: { profileId: string; profileType: ProfileType; profileName: string }) {
      await db
        .insert(favorites)
        .values({ userId, ...f })
        .onConflictDoNothing();
    },
    async remove(userId: string, profileId: string, profileType: ProfileType) {
      await db
        .delete(favorites)
        .where(
          and(
            eq(favorites.userId, userId),
            eq(favorites.profileId, profileId),
            eq(favorites.profileType, profileType),
          ),
        );
    },
    list(userId: string) {
      return db
        .select({
          profileId: favorites.profileId,
          profileType: favorites.profileType,
          profileName: favorites.profileName,
          createdAt: favorites.createdAt,
        })
        .from(favorites)
        .where(eq(favorites.userId, userId))
        .orderBy(desc(favorites.createdAt));
    },
  };
}
