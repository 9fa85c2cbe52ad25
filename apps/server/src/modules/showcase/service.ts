import type { ProfileCard, ShowcaseResponse } from '@lokal/shared/schemas/showcase';
import type { createShowcaseRepository } from './repository.ts';

const CARDS_PER_SECTION = 3;

export function createShowcaseService(repo: ReturnType<typeof createShowcaseRepository>) {
  return {
    async landing(): Promise<ShowcaseResponse> {
      const [guides, tourists] = await Promise.all([
        repo.featuredGuides(CARDS_PER_SECTION),
        repo.featuredTourists(CARDS_PER_SECTION),
      ]);
      return {
        guides: guides.map(
          ({ profile: g }): ProfileCard => ({
            id: g.userId,
            slug: g.slug,
            name: `${g.firstName} ${g.lastName}`,
            age: g.age ?? null,
            location: `${g.city}, ${g.country}`,
            profession: g.profession,
            bio: g.bio,
            image: g.image,
            rating: g.rating,
            tags: g.specialties,
            type: 'guide',
          }),
        ),
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
          }),
        ),
      };
    },
  };
}
