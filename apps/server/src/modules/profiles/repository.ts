import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';

type GuidePatch = Partial<typeof guideProfiles.$inferInsert>;
type TouristPatch = Partial<typeof touristProfiles.$inferInsert>;

export function createProfilesRepository(db: Db) {
  return {
    async updateGuide(userId: string, patch: GuidePatch): Promise<boolean> {
      if (Object.keys(patch).length === 0) return true;
      const rows = await db
        .update(guideProfiles)
        .set(patch)
        .where(eq(guideProfiles.userId, userId))
        .returning({ id: guideProfiles.userId });
      return rows.length > 0;
    },
    async updateTourist(userId: string, patch: TouristPatch): Promise<boolean> {
      if (Object.keys(patch).length === 0) return true;
      const rows = await db
        .update(touristProfiles)
        .set(patch)
        .where(eq(touristProfiles.userId, userId))
        .returning({ id: touristProfiles.userId });
      return rows.length > 0;
    },
    async tourist(userId: string) {
      const [row] = await db.select().from(touristProfiles).where(eq(touristProfiles.userId, userId));
      return row ?? null;
    },
    /** Sets the photo on whichever profile the user has; the first picture leads the gallery. */
    async setPhoto(userId: string, image: string): Promise<boolean> {
      const g = await db
        .update(guideProfiles)
        .set({ image })
        .where(eq(guideProfiles.userId, userId))
        .returning({ id: guideProfiles.userId });
      if (g.length) return true;
      const t = await db
        .update(touristProfiles)
        .set({ image, profileImages: sql`array_prepend(${image}::text, ${touristProfiles.profileImages})` })
        .where(eq(touristProfiles.userId, userId))
        .returning({ id: touristProfiles.userId });
      return t.length > 0;
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
