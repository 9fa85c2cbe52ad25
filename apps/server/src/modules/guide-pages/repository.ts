import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guideVisibleToTravellers } from '../../db/guide-visibility.ts';
import { guideProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';

const g = guideProfiles;

export function createGuidePagesRepository(db: Db) {
  return {
    /** A guide by page address, with whether travellers may see them (the one visibility rule). */
    async guideBySlug(slug: string) {
      const [row] = await db
        .select({
          id: g.userId,
          slug: g.slug,
          firstName: g.firstName,
          lastName: g.lastName,
          city: g.city,
          country: g.country,
          image: g.image,
          verified: g.verified,
          rating: g.rating,
          reviews: g.reviews,
          profession: g.profession,
          bio: g.bio,
          languages: g.languages,
          specialties: g.specialties,
          visible: guideVisibleToTravellers,
        })
        .from(g)
        .innerJoin(users, eq(users.id, g.userId))
        .where(eq(g.slug, slug));
      return row ? { ...row, visible: Boolean(row.visible) } : null;
    },
  };
}

export type GuidePagesRepository = ReturnType<typeof createGuidePagesRepository>;
