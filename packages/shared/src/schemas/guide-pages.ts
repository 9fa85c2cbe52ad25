import { z } from 'zod';
import { SLUG_PATTERN } from '../domain/slug.ts';
import type { EndpointTable } from './common.ts';
import { trackRecordSchema } from './discovery.ts';
import { experienceCardSchema, experienceParamsSchema, experienceSchema } from './experiences.ts';
import { matchSchema } from './match.ts';
import { profileReviewsQuerySchema, profileReviewsResponseSchema } from './reviews.ts';

// The public guide and experience pages (docs/product.md#guide-page, #experience-page).

export const guideSlugParamsSchema = z.object({
  slug: z.string().max(80).regex(SLUG_PATTERN, { message: 'Unknown guide' }),
});

const priceSchema = z.object({
  amount: z.number(),
  currency: z.string(),
  priceMode: z.enum(['person', 'group']),
});

/** What anyone, signed out too, sees of a guide: the preview a shared link shows. Nothing private. */
export const guidePreviewSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  image: z.string(),
  verified: z.boolean(),
  rating: z.number(),
  reviews: z.number(),
  /** The lowest price among the published experiences, in its own currency; null without any. */
  fromPrice: priceSchema.nullable(),
  /** The guide's track record (docs/product.md#track-record), the same as on the guide's card. */
  track: trackRecordSchema,
  experiences: z.array(z.object({ id: z.string(), title: z.string(), photo: z.string().nullable() })),
});
export type GuidePreview = z.infer<typeof guidePreviewSchema>;

export const responseFiguresSchema = z.object({
  measured: z.boolean(),
  conversations: z.number(),
  rate: z.number().nullable(),
  medianMinutes: z.number().nullable(),
  label: z.string(),
});

/** The rest of the guide page, for members (and the guide's own preview). */
export const guideDetailsSchema = z.object({
  profession: z.string(),
  bio: z.string(),
  languages: z.array(z.string()),
  specialties: z.array(z.string()),
  photos: z.array(z.string()),
  response: responseFiguresSchema,
  experiences: z.array(experienceCardSchema),
  /** Whether this viewer may message the guide from the page (a tourist, not blocked, guide visible). */
  canMessage: z.boolean(),
  /** The page is the viewer's own (the guide's preview). */
  own: z.boolean(),
  /** Only the owner and staff see a page travellers cannot: it says so. */
  hidden: z.boolean(),
});
export type GuideDetails = z.infer<typeof guideDetailsSchema>;

export const guidePageResponseSchema = z.object({
  preview: guidePreviewSchema,
  details: guideDetailsSchema.nullable(),
  /** The signed-in traveller's match with this guide (docs/product.md#match-score); absent for others. */
  match: matchSchema.nullable().optional(),
});
export type GuidePageResponse = z.infer<typeof guidePageResponseSchema>;

/** What anyone sees of an experience: the preview a shared link shows. */
export const experiencePreviewSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.string(),
  city: z.string(),
  photo: z.string().nullable(),
  durationMinutes: z.number(),
  rating: z.object({ average: z.number(), count: z.number() }),
  fromPrice: priceSchema,
  guide: z.object({
    name: z.string(),
    slug: z.string(),
    image: z.string(),
    verified: z.boolean(),
    /** The guide's mean rating from published reviews (0 before any). */
    rating: z.number(),
    /** The guide's track record, the same as on the guide's card and page (docs/product.md#track-record). */
    track: trackRecordSchema,
  }),
});
export type ExperiencePreview = z.infer<typeof experiencePreviewSchema>;

export const experiencePageResponseSchema = z.object({
  preview: experiencePreviewSchema,
  /** The whole experience for members; null signed out. */
  experience: experienceSchema.nullable(),
  /** The experience is not published or its guide hidden: only its guide and staff get here. */
  hidden: z.boolean(),
  /** The signed-in traveller's match with the experience's guide; absent for others. */
  match: matchSchema.nullable().optional(),
});
export type ExperiencePageResponse = z.infer<typeof experiencePageResponseSchema>;

export const guidePagesEndpoints = {
  'GET /pages/guides/:slug': { params: guideSlugParamsSchema, response: guidePageResponseSchema },
  'GET /pages/experiences/:id': { params: experienceParamsSchema, response: experiencePageResponseSchema },
  'GET /experiences/:id/reviews': {
    params: experienceParamsSchema,
    query: profileReviewsQuerySchema,
    response: profileReviewsResponseSchema,
  },
} as const satisfies EndpointTable;
