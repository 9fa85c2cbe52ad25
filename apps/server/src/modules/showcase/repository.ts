import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { activeMember } from '../../db/visibility.ts';
import { guideCardColumns } from '../discovery/cards.ts';

export function createShowcaseRepository(db: Db) {
  return {
    featuredGuides(limit: number) {
      return (
        db
          // The card's values, first replies too: the landing shows the same track record (docs/product.md#track-record).
          .select(guideCardColumns)
          .from(guideProfiles)
          .innerJoin(users, eq(users.id, guideProfiles.userId))
          .where(and(isNotNull(guideProfiles.showcaseRank), eq(guideProfiles.listed, true)))
          .orderBy(asc(guideProfiles.showcaseRank))
          .limit(limit)
      );
    },
    featuredTourists(limit: number) {
      return db
        .select({ profile: touristProfiles })
        .from(touristProfiles)
        .innerJoin(users, eq(users.id, touristProfiles.userId))
        .where(and(isNotNull(touristProfiles.showcaseRank), activeMember()))
        .orderBy(asc(touristProfiles.showcaseRank))
        .limit(limit);
    },
  };
}
