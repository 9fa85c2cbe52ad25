import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favorites } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { activeMemberSql } from '../../db/visibility.ts';

type ProfileType = 'guide' | 'tourist' | 'traveler';
export type FavoriteCursor = { at: string; type: ProfileType; id: string };

// A suspended or deleted member is gone from favorites too (docs/product.md#staff-actions).
const visible = sql`not exists (select 1 from ${users} u where u.id::text = ${favorites.profileId} and not ${activeMemberSql('u')})`;

export function createFavoritesRepository(db: Db) {
  // The hearts are read with every tourist's home page and guide page: built once, then only executed.
  const keysStatement = db
    .select({ profileId: favorites.profileId, profileType: favorites.profileType })
    .from(favorites)
    .where(and(sql`${favorites.userId} = ${sql.placeholder('userId')}::uuid`, visible))
    .prepare('favorite_keys');
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
    /** A page of the user's favorites, last saved first, after the cursor (decision 039). */
    list(userId: string, limit: number, cursor: FavoriteCursor | null) {
      return db
        .select({
          profileId: favorites.profileId,
          profileType: favorites.profileType,
          profileName: favorites.profileName,
          createdAt: favorites.createdAt,
          cursorAt: sql<string>`${favorites.createdAt}::text`,
        })
        .from(favorites)
        .where(
          and(
            eq(favorites.userId, userId),
            visible,
            cursor
              ? sql`(${favorites.createdAt}, ${favorites.profileType}, ${favorites.profileId}) < (${cursor.at}::timestamptz, ${cursor.type}, ${cursor.id})`
              : undefined,
          ),
        )
        .orderBy(desc(favorites.createdAt), desc(favorites.profileType), desc(favorites.profileId))
        .limit(limit);
    },
    /** Every saved profile's key, for the hearts: two short columns per favorite, from the primary key. */
    keys(userId: string) {
      return keysStatement.execute({ userId });
    },
  };
}
