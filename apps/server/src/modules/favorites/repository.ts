import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favorites } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { activeMemberSql } from '../../db/visibility.ts';

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
        .where(
          and(
            eq(favorites.userId, userId),
            // A suspended or deleted member is gone from favorites too (docs/product.md#staff-actions).
            sql`not exists (select 1 from ${users} u where u.id::text = ${favorites.profileId} and not ${activeMemberSql('u')})`,
          ),
        )
        .orderBy(desc(favorites.createdAt));
    },
  };
}
