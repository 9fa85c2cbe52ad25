import type { ProfileCard, ShowcaseResponse } from '@lokal/shared/schemas/showcase';
import { trackOf } from '../discovery/cards.ts';
import type { createShowcaseRepository } from './repository.ts';

const CARDS_PER_SECTION = 3;

export function createShowcaseService(
  repo: ReturnType<typeof createShowcaseRepository>,
  now: () => number = Date.now,
) {
  return {
    async landing(): Promise<ShowcaseResponse> {
      const [guides, tourists] = await Promise.all([
        repo.featuredGuides(CARDS_PER_SECTION),
        repo.featuredTourists(CARDS_PER_SECTION),
      ]);
      return {
        guides: guides.map((g): ProfileCard => {
          const track = trackOf(g, new Date(now()));
          return {
            id: g.userId,
            slug: g.slug,
            name: `${g.firstName} ${g.lastName}`,
            age: g.age ?? null,
            location: track.location,
            profession: g.profession,
            bio: g.bio,
            image: g.image,
            rating: g.rating,
            tags: g.specialties,
            type: 'guide',
            track,
          };
        }),
        travelers: tourists.map(
          ({ profile: t }): ProfileCard => ({
            id: t.userId,
            slug: null,
            name: `${t.firstName} ${t.lastName}`,
            age: t.age ?? null,
            location: t.country,
            profession: t.occupation,
            bio: t.bio,
            image: t.image,
            // Travelers carry no rating on landing cards.
            rating: 0,
            tags: t.interests,
            type: 'traveler',
            track: null,
          }),
        ),
      };
    },
  };
}
