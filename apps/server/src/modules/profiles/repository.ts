import { and, eq, or, sql } from 'drizzle-orm';
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
    /** The pictures of whichever profile the user has, with what their drawn portrait is made of. */
    async photosOf(userId: string) {
      const [guide] = await db
        .select({
          userId: guideProfiles.userId,
          firstName: guideProfiles.firstName,
          lastName: guideProfiles.lastName,
          gender: guideProfiles.gender,
          image: guideProfiles.image,
        })
        .from(guideProfiles)
        .where(eq(guideProfiles.userId, userId));
      if (guide) return { kind: 'guide' as const, ...guide, profileImages: [guide.image] };
      const [tourist] = await db
        .select({
          userId: touristProfiles.userId,
          firstName: touristProfiles.firstName,
          lastName: touristProfiles.lastName,
          image: touristProfiles.image,
          profileImages: touristProfiles.profileImages,
        })
        .from(touristProfiles)
        .where(eq(touristProfiles.userId, userId));
      return tourist ? { kind: 'tourist' as const, ...tourist, gender: null } : null;
    },

    /**
     * Sets the photo on whichever profile the user has. A guide's replaces their one picture (the old one is
     * returned, for its file to go); a tourist's leads the gallery, unless it already holds `max` pictures.
     */
    async setPhoto(
      userId: string,
      image: string,
      max: number,
    ): Promise<{ saved: true; replaced: string | null } | { saved: false; reason: 'no-profile' | 'full' }> {
      const replaced = await db.transaction(async (tx) => {
        const [old] = await tx
          .select({ image: guideProfiles.image })
          .from(guideProfiles)
          .where(eq(guideProfiles.userId, userId))
          .for('update');
        if (!old) return undefined;
        await tx.update(guideProfiles).set({ image }).where(eq(guideProfiles.userId, userId));
        return old.image;
      });
      if (replaced !== undefined) return { saved: true, replaced };
      // One statement: two uploads at once cannot both take the last place.
      const t = await db
        .update(touristProfiles)
        .set({ image, profileImages: sql`array_prepend(${image}::text, ${touristProfiles.profileImages})` })
        .where(
          and(
            eq(touristProfiles.userId, userId),
            sql`cardinality(${touristProfiles.profileImages}) < ${max}`,
          ),
        )
        .returning({ id: touristProfiles.userId });
      if (t.length) return { saved: true, replaced: null };
      const [exists] = await db
        .select({ id: touristProfiles.userId })
        .from(touristProfiles)
        .where(eq(touristProfiles.userId, userId));
      return { saved: false, reason: exists ? 'full' : 'no-profile' };
    },

    /**
     * Takes a picture off the user's profile; the lead picture becomes the next one, else `fallback`. The
     * pictures left, or null when the profile did not hold this one.
     */
    async removePhoto(userId: string, image: string, fallback: string) {
      const [guide] = await db
        .update(guideProfiles)
        .set({ image: fallback })
        .where(and(eq(guideProfiles.userId, userId), eq(guideProfiles.image, image)))
        .returning({ image: guideProfiles.image });
      if (guide) return { image: guide.image, profileImages: [guide.image] };
      const left = sql`array_remove(${touristProfiles.profileImages}, ${image}::text)`;
      const [tourist] = await db
        .update(touristProfiles)
        .set({
          profileImages: left,
          image: sql`case when ${touristProfiles.image} = ${image} then coalesce((${left})[1], ${fallback}) else ${touristProfiles.image} end`,
        })
        .where(
          and(
            eq(touristProfiles.userId, userId),
            or(eq(touristProfiles.image, image), sql`${image} = any(${touristProfiles.profileImages})`),
          ),
        )
        .returning({ image: touristProfiles.image, profileImages: touristProfiles.profileImages });
      return tourist ?? null;
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
