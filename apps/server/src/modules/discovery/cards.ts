import { trackRecord } from '@lokal/shared/domain/track-record';
import type { GuideCard, TouristCard } from '@lokal/shared/schemas/discovery';
import { type FirstReplyJson, firstRepliesJson, firstRepliesOf } from '../../db/first-replies.ts';
import { arraysAsJson } from '../../db/json-row.ts';
import { guideProfiles, type touristProfiles } from '../../db/schema/profiles.ts';

// The cards of discovery, each shaped by one function from the row's values; the route's response schema
// serializes them (docs/decisions/081-answers-shaped-once.md).

const g = guideProfiles;

/** What toGuideCard() reads of a guide's profile: the search, the best match and the profile select these. */
export const guideCardColumns = {
  ...guideProfileCardColumns(),
  // The track record's reply time comes from real first replies (docs/product.md#track-record).
  replies: firstRepliesJson(g.userId),
};

function guideProfileCardColumns() {
  return arraysAsJson({
    userId: g.userId,
    slug: g.slug,
    firstName: g.firstName,
    lastName: g.lastName,
    age: g.age,
    city: g.city,
    country: g.country,
    profession: g.profession,
    bio: g.bio,
    image: g.image,
    rating: g.rating,
    reviews: g.reviews,
    totalTours: g.totalTours,
    priceMin: g.priceMin,
    priceMax: g.priceMax,
    specialties: g.specialties,
    languages: g.languages,
    verified: g.verified,
    tourTypes: g.tourTypes,
  });
}

/** What toGuideCard() builds a guide card from: the guide's profile and first replies (guideCardColumns). */
export type GuideCardRow = Pick<typeof g.$inferSelect, keyof ReturnType<typeof guideProfileCardColumns>> & {
  replies: FirstReplyJson[] | null;
};

/**
 * The guide's prices in their own currency: those of the published experiences when they share one currency,
 * otherwise the USD range the search sorts and filters by.
 */
function pricesOf(g: Pick<GuideCardRow, 'tourTypes' | 'priceMin' | 'priceMax'>) {
  const currencies = new Set(g.tourTypes.map((t) => t.currency));
  const [currency] = currencies;
  if (currencies.size === 1 && currency && g.tourTypes.every((t) => t.amount !== undefined)) {
    return { prices: g.tourTypes.map((t) => t.amount ?? 0), currency };
  }
  return { prices: [g.priceMin, g.priceMax], currency: 'USD' };
}

/** The track record of a card's row: the card, the guide page, the profile and the landing read it from here. */
export function trackOf(g: GuideCardRow, now: Date) {
  return trackRecord(
    {
      city: g.city,
      country: g.country,
      reviews: g.reviews,
      rating: g.rating,
      toursCompleted: g.totalTours,
      ...pricesOf(g),
      experiences: g.tourTypes.length,
      replies: firstRepliesOf(g.replies),
    },
    now,
  );
}

/** A guide's card as every list and the profile show it (the discovery schema's guide card, without the match). */
export function toGuideCard(g: GuideCardRow, now: Date = new Date()): GuideCard {
  return {
    id: g.userId,
    slug: g.slug,
    name: `${g.firstName} ${g.lastName}`,
    age: g.age,
    city: g.city,
    country: g.country,
    profession: g.profession,
    bio: g.bio,
    image: g.image,
    thumbnail: g.image,
    rating: g.rating,
    reviews: g.reviews,
    totalTours: g.totalTours,
    specialties: g.specialties,
    languages: g.languages,
    track: trackOf(g, now),
    verified: g.verified,
    tourTypes: g.tourTypes,
  };
}

/** How long after their last activity a tourist still shows as online. */
export const ONLINE_WINDOW_MS = 5 * 60_000;

/** What toTouristCard() reads of a tourist: the profile, the last activity and the published reviews' count. */
export type TouristCardRow = {
  profile: Pick<
    typeof touristProfiles.$inferSelect,
    | 'userId'
    | 'firstName'
    | 'lastName'
    | 'country'
    | 'city'
    | 'age'
    | 'rating'
    | 'image'
    | 'status'
    | 'budgetMin'
    | 'budgetMax'
    | 'currency'
    | 'availability'
    | 'interests'
    | 'languages'
    | 'lookingFor'
    | 'verified'
  >;
  lastActive: Date;
  reviews: number;
};

/** A tourist's card as the guide's list, the top 3 and the profile show it, without the match. */
export function toTouristCard(
  t: TouristCardRow,
  now: number,
  canContact: boolean,
): Omit<TouristCard, 'match'> {
  const p = t.profile;
  return {
    id: p.userId,
    name: `${p.firstName} ${p.lastName}`,
    country: p.country,
    city: p.city,
    age: p.age,
    rating: p.rating,
    reviews: t.reviews,
    image: p.image,
    status: p.status,
    budget: { min: p.budgetMin, max: p.budgetMax, currency: p.currency },
    availability: p.availability,
    interests: p.interests,
    languages: p.languages,
    lookingFor: p.lookingFor,
    lastActive: t.lastActive.toISOString(),
    verified: p.verified,
    online: now - t.lastActive.getTime() < ONLINE_WINDOW_MS,
    canContact,
  };
}
