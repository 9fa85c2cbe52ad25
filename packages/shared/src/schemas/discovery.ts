import { z } from 'zod';
import { SUPPORTED_CURRENCIES } from '../constants/currency.ts';
import { MEMBERSHIP_STATUSES, SEARCH_SORTS } from '../constants/discovery.ts';
import { EXPERIENCE_CATEGORIES } from '../constants/experiences.ts';
import { LOCALES } from '../i18n/locales.ts';
import { successSchema } from './auth.ts';
import type { EndpointTable } from './common.ts';
import { matchSchema } from './match.ts';
import { withoutContactDetails } from './public-text.ts';

/** A guide's track record as cards and pages show it (docs/product.md#track-record; domain/track-record). */
export const trackRecordSchema = z.object({
  newOnLokal: z.boolean(),
  replyTime: z.string().nullable(),
  tours: z.string().nullable(),
  reviews: z.string().nullable(),
  experiences: z.string().nullable(),
  price: z.string().nullable(),
  location: z.string(),
});

/** A guide's offer: `price` per person in USD; `amount` the same in the guide's `currency` (absent on older offers). */
const tourTypeSchema = z.object({
  name: z.string(),
  duration: z.string(),
  price: z.number(),
  amount: z.number().optional(),
  currency: z.string().optional(),
});

/** A guide card of the tourist home (docs/product.md#guide-search), live. */
export const guideCardSchema = z.object({
  id: z.string(),
  /** The guide page's address: /guides/{slug}. */
  slug: z.string(),
  name: z.string(),
  age: z.number().nullable(),
  city: z.string(),
  country: z.string(),
  profession: z.string(),
  bio: z.string(),
  image: z.string(),
  thumbnail: z.string(),
  rating: z.number(),
  reviews: z.number(),
  totalTours: z.number(),
  specialties: z.array(z.string()),
  languages: z.array(z.string()),
  track: trackRecordSchema,
  verified: z.boolean(),
  tourTypes: z.array(tourTypeSchema),
  /** The signed-in traveller's match with this guide (docs/product.md#match-score); absent for anyone else. */
  match: matchSchema.nullable().optional(),
});
export type GuideCard = z.infer<typeof guideCardSchema>;

const text = z.string().trim().max(100);
const price = z.coerce.number().int().min(0).max(100_000);
/** A calendar date, YYYY-MM-DD, that exists. */
/** A day of the calendar, YYYY-MM-DD, that exists. */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-24')
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: 'That date does not exist',
    },
  );

/**
 * The guide search's filters, named once: the search query below, the server's statement and the web's
 * search state all derive from it (docs/product.md#finding-a-guide). `category` is the home's chip (the guide's
 * specialties); `type`, `party`, `date`, the price and `language` are answered by the guide's published
 * experiences. `minPrice`/`maxPrice` are per person in `currency` (USD when absent). `tourType` is set only by
 * the by-tour-type search.
 */
export const guideFiltersSchema = z.object({
  q: text.optional(),
  category: text.optional(),
  city: text.optional(),
  date: calendarDate.optional(),
  party: z.coerce.number().int().min(1).max(20).optional(),
  type: z.enum(EXPERIENCE_CATEGORIES).optional(),
  language: text.optional(),
  minPrice: price.optional(),
  maxPrice: price.optional(),
  currency: z.enum(SUPPORTED_CURRENCIES).optional(),
  tourType: z.string().trim().min(1).max(100).optional(),
});
export type GuideFilters = z.output<typeof guideFiltersSchema>;
export const GUIDE_FILTERS = guideFiltersSchema.keyof().options;
/** The filters a guide's published experiences answer: with one set, only guides with a matching one are listed. */
export const EXPERIENCE_FILTERS = ['date', 'party', 'type', 'language', 'minPrice', 'maxPrice'] as const;
export type GuideSort = (typeof SEARCH_SORTS)[number];
/** What a search screen holds: the filters it can set and the order. */
export type GuideSearchFilters = Omit<GuideFilters, 'tourType'> & { sort?: GuideSort };

export const guideSearchQuerySchema = guideFiltersSchema.omit({ tourType: true }).extend({
  /** Absent: "Best match" for a traveller who took the quiz, else "recommended" (docs/product.md#match-score). */
  sort: z.enum(SEARCH_SORTS).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});
export type GuideSearchQuery = z.input<typeof guideSearchQuerySchema>;

export const byTourTypeQuerySchema = guideSearchQuerySchema.extend({
  tourType: guideFiltersSchema.shape.tourType.unwrap(),
});

export const guideSearchResponseSchema = z.object({
  guides: z.array(guideCardSchema),
  nextCursor: z.string().nullable(),
});
export type GuideSearchResponse = z.infer<typeof guideSearchResponseSchema>;

export const favoriteTypeSchema = z.enum(['guide', 'tourist', 'traveler']);
export const favoriteAddSchema = z.object({
  profileId: z.string().trim().min(1).max(100),
  profileType: favoriteTypeSchema,
  profileName: z.string().trim().min(1).max(120),
});
export const favoriteRemoveSchema = favoriteAddSchema.pick({ profileId: true, profileType: true });
export const favoriteSchema = favoriteAddSchema.extend({ createdAt: z.string() });
/** The saved profiles shown a page at a time on the favorites screen (docs/product.md#favorites). */
export const FAVORITES_PAGE_SIZE = 12;
export const favoriteListQuerySchema = z.object({
  /** Where the previous page ended (its nextCursor). */
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(FAVORITES_PAGE_SIZE),
});
export const favoritesResponseSchema = z.object({
  favorites: z.array(favoriteSchema),
  /** The next page's cursor (saved earlier); null on the last page. */
  nextCursor: z.string().nullable(),
});
export type Favorite = z.infer<typeof favoriteSchema>;
/** Which profiles are saved, without names or dates: what the hearts on any card need. */
export const favoriteKeysResponseSchema = z.object({ favorites: z.array(favoriteRemoveSchema) });

export const budgetSchema = z.object({ min: z.number(), max: z.number(), currency: z.string() });
/** Which guides a tourist is open to. */
export const availabilitySchema = z.object({ newGuides: z.boolean(), experiencedGuides: z.boolean() });

/** The tourist card of the guide home (docs/product.md#tourist-list), live. */
export const touristCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  city: z.string(),
  age: z.number().nullable(),
  /** From the tourist's published reviews (0 before any), with their count. */
  rating: z.number(),
  reviews: z.number(),
  image: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  budget: budgetSchema,
  availability: availabilitySchema,
  interests: z.array(z.string()),
  languages: z.array(z.string()),
  lookingFor: z.array(z.string()),
  lastActive: z.string(),
  verified: z.boolean(),
  online: z.boolean(),
  canContact: z.boolean(),
  /** This guide's match with the traveller, worded for the guide; null while the guide hides the profile. */
  match: matchSchema.nullable().optional(),
});
export type TouristCard = z.infer<typeof touristCardSchema>;

export const touristListQuerySchema = z.object({
  q: text.optional(),
  category: text.optional(),
  /** Where the previous page ended (its nextCursor). */
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(24),
});

export const guideStatsSchema = z.object({
  thisWeek: z.number(),
  earnings: z.number(),
  rating: z.number(),
  /** Percent of tourists' conversations first answered within 24 hours; null while too few to measure. */
  responseRate: z.number().nullable(),
  /** The response figures as the guide page shows them (docs/product.md#response-figures). */
  response: z.object({
    measured: z.boolean(),
    conversations: z.number(),
    rate: z.number().nullable(),
    medianMinutes: z.number().nullable(),
    label: z.string(),
  }),
});

export const touristListResponseSchema = z.object({
  city: z.string(),
  verified: z.boolean(),
  personalityTestCompleted: z.boolean(),
  highValueOnline: z.number(),
  stats: guideStatsSchema,
  tourists: z.array(touristCardSchema),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TouristListResponse = z.infer<typeof touristListResponseSchema>;

/** The premium tourist of the top-3 page (docs/product.md#tourist-profiles), live. */
export const premiumTouristSchema = touristCardSchema.extend({
  profileImages: z.array(z.string()),
  membershipDuration: z.string(),
  verifiedDocuments: z.boolean(),
  verifiedInfo: z.array(z.string()),
  personalityType: z.string(),
  tourPreferences: z.array(z.string()),
  recentReviews: z.array(z.object({ rating: z.number(), reviewer: z.string(), text: z.string() })),
  bio: z.string(),
  occupation: z.string(),
  /** Percent of guides' requests the tourist answered; null before any guide wrote (decision 010). */
  acceptanceRate: z.number().nullable(),
  /** Guides who started a conversation with the tourist in the last 30 days. */
  requestsLast30Days: z.number(),
  score: z.number(),
});
export type PremiumTourist = z.infer<typeof premiumTouristSchema>;
/**
 * One of the city's top three. Its profile details come only with a tourist this guide may contact, the
 * same rule as the tourist profile (docs/product.md#top-3-ranking); the others show their card and the
 * ranking's figures.
 */
export const topTouristSchema = z.discriminatedUnion('canContact', [
  premiumTouristSchema.extend({ canContact: z.literal(true) }),
  touristCardSchema.extend({
    canContact: z.literal(false),
    acceptanceRate: premiumTouristSchema.shape.acceptanceRate,
    requestsLast30Days: premiumTouristSchema.shape.requestsLast30Days,
    score: premiumTouristSchema.shape.score,
  }),
]);
export type TopTourist = z.infer<typeof topTouristSchema>;
export const topTouristsResponseSchema = z.object({
  city: z.string(),
  tourists: z.array(topTouristSchema),
});

export const guideProfileSchema = guideCardSchema.extend({
  socialMedia: z.string().nullable(),
  pronouns: z.string().nullable(),
});

export const profileParamsSchema = z.object({
  type: z.enum(['guide', 'tourist']),
  id: z.uuid({ message: 'Unknown profile' }),
});
export const profileResponseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('guide'), profile: guideProfileSchema }),
  z.object({ type: z.literal('tourist'), profile: premiumTouristSchema }),
]);

export const verificationResponseSchema = z.object({
  verified: z.boolean(),
  /** Staff review: pending until verified, or rejected with a reason the guide can act on. */
  status: z.enum(['pending', 'verified', 'rejected']),
  rejectionReason: z.string().nullable(),
});
export type VerificationResponse = z.infer<typeof verificationResponseSchema>;

export const userProfileResponseSchema = z.object({
  city: z.string(),
  currency: z.string(),
  currencyMultiplier: z.number(),
  verified: z.boolean().optional(),
});
export const exchangeRatesResponseSchema = z.object({
  base: z.string(),
  date: z.string(),
  rates: z.record(z.string(), z.number()),
  source: z.enum(['provider', 'fallback']),
});
export const updateCitySchema = z.object({ city: z.string().trim().min(1).max(80) });
/** The display currency; its rate is Lokal's, never the client's (a multiplier sent along is refused). */
export const updateCurrencySchema = z
  .object({ currency: z.enum(SUPPORTED_CURRENCIES, { message: 'Choose a currency Lokal supports' }) })
  .strict();
export type UpdateCurrency = z.infer<typeof updateCurrencySchema>;
/** The member's language, for the app on every device and their e-mails (decision 099). */
export const updateLocaleSchema = z
  .object({ locale: z.enum(LOCALES, { message: 'Choose a language Lokal speaks' }) })
  .strict();

/** A trip's last day before its first. */
export const TRIP_ORDER_MESSAGE = 'The last day comes after the first';
const shortText = z.string().trim().min(1).max(80);
const tagList = z.array(z.string().trim().min(1).max(40)).max(12);

/** What a guide edits on their public profile; every field optional. */
export const guideProfileUpdateSchema = z
  .object({
    bio: withoutContactDetails(z.string().trim().max(1000)),
    city: shortText,
    country: shortText,
    profession: withoutContactDetails(shortText),
    age: z.number().int().min(18).max(99),
    languages: tagList.min(1),
    tourTypes: z
      .array(
        z.object({
          name: withoutContactDetails(z.string().trim().min(1).max(60)),
          duration: z.string().trim().min(1).max(30),
          price: z.number().int().min(1).max(10_000),
        }),
      )
      .min(1)
      .max(15),
  })
  .partial()
  .strict();
export type GuideProfileUpdate = z.infer<typeof guideProfileUpdateSchema>;

/** What a tourist edits on the profile guides see; every field optional. */
export const touristProfileUpdateSchema = z
  .object({
    bio: withoutContactDetails(z.string().trim().max(1000)),
    city: shortText,
    country: shortText,
    age: z.number().int().min(18).max(120),
    budget: z
      .object({
        min: z.number().int().min(0).max(100_000),
        max: z.number().int().min(0).max(100_000),
        currency: z.string().regex(/^[A-Z]{3}$/),
      })
      .refine((b) => b.min <= b.max, { message: 'The budget minimum must not exceed the maximum' }),
    interests: tagList,
    languages: tagList,
    lookingFor: tagList,
    availability: availabilitySchema,
    /** The trip the match reads (docs/product.md#match-score); null clears it. */
    travelFrom: calendarDate.nullable(),
    travelTo: calendarDate.nullable(),
    partySize: z.number().int().min(1).max(20).nullable(),
  })
  .partial()
  .strict()
  .superRefine((v, ctx) => {
    if (v.travelFrom && v.travelTo && v.travelTo < v.travelFrom) {
      ctx.addIssue({ code: 'custom', path: ['travelTo'], message: TRIP_ORDER_MESSAGE });
    }
  });
export type TouristProfileUpdate = z.infer<typeof touristProfileUpdateSchema>;

/** The tourist's own profile, as guides see it (GET /api/tourists/me). */
export const ownTouristSchema = z.object({
  name: z.string(),
  bio: z.string(),
  city: z.string(),
  country: z.string(),
  age: z.number().nullable(),
  image: z.string(),
  profileImages: z.array(z.string()),
  status: z.string(),
  budget: budgetSchema,
  interests: z.array(z.string()),
  languages: z.array(z.string()),
  lookingFor: z.array(z.string()),
  availability: availabilitySchema,
  travelFrom: z.string().nullable(),
  travelTo: z.string().nullable(),
  partySize: z.number().nullable(),
});
export type OwnTouristProfile = z.infer<typeof ownTouristSchema>;

export const photoResponseSchema = z.object({ image: z.string() });
export const uploadParamsSchema = z.object({
  file: z.string().regex(/^[0-9a-f-]{36}-[0-9a-f]{12}\.webp$/, 'Unknown file'),
});
/** After a photo is removed: the lead picture and the gallery left (a guide's gallery is their one photo). */
export const photosResponseSchema = z.object({ image: z.string(), profileImages: z.array(z.string()) });
/** The photo's bytes (image/webp), not JSON. */
export const uploadResponseSchema = z.any();

/** The discovery, profile, favorites and locale routes, by method and address under /api. */
export const discoveryEndpoints = {
  'GET /guides/search': { query: guideSearchQuerySchema, response: guideSearchResponseSchema },
  'GET /guides/search/by-tour-type': { query: byTourTypeQuerySchema, response: guideSearchResponseSchema },
  'GET /profiles/:type/:id': { params: profileParamsSchema, response: profileResponseSchema },
  'GET /guides/tourists': { query: touristListQuerySchema, response: touristListResponseSchema },
  'GET /guides/top-tourists': { response: topTouristsResponseSchema },
  'GET /guides/verification': { response: verificationResponseSchema },
  'POST /favorites/add': { body: favoriteAddSchema, response: favoritesResponseSchema },
  'POST /favorites/remove': { body: favoriteRemoveSchema, response: favoritesResponseSchema },
  'GET /favorites': { query: favoriteListQuerySchema, response: favoritesResponseSchema },
  'GET /favorites/ids': { response: favoriteKeysResponseSchema },
  'GET /users/profile': { response: userProfileResponseSchema },
  'POST /users/update-city': { body: updateCitySchema, response: successSchema },
  'POST /users/update-currency': { body: updateCurrencySchema, response: successSchema },
  'POST /users/update-locale': { body: updateLocaleSchema, response: successSchema },
  'GET /exchange-rates': { response: exchangeRatesResponseSchema },
  'POST /guides/me/profile': { body: guideProfileUpdateSchema, response: successSchema },
  'GET /tourists/me': { response: ownTouristSchema },
  'POST /tourists/me/profile': { body: touristProfileUpdateSchema, response: successSchema },
  /** Multipart: the picture in the field "photo". */
  'POST /users/me/photo': { response: photoResponseSchema },
  'DELETE /users/me/photo/:file': { params: uploadParamsSchema, response: photosResponseSchema },
  'GET /uploads/:file': { params: uploadParamsSchema, response: uploadResponseSchema },
} as const satisfies EndpointTable;
