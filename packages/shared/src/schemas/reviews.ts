import { z } from 'zod';
import { BOOKING_STATUSES } from '../constants/bookings.ts';
import { REVIEW_MESSAGES, REVIEW_TEXT_MAX } from '../constants/reviews.ts';
import type { EndpointTable } from './common.ts';
import { withoutContactDetails } from './public-text.ts';

/** What one side writes about the other after a completed booking: the form and the route share it. */
export const reviewInputSchema = z.object({
  rating: z
    .number({ message: REVIEW_MESSAGES.chooseStars })
    .int(REVIEW_MESSAGES.chooseStars)
    .min(1, REVIEW_MESSAGES.chooseStars)
    .max(5, REVIEW_MESSAGES.chooseStars),
  // Stars are required, words are welcome: a rating alone still counts (decision 010).
  text: withoutContactDetails(z.string().trim().max(REVIEW_TEXT_MAX, REVIEW_MESSAGES.textTooLong)).default(
    '',
  ),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const bookingReviewParamsSchema = z.object({ id: z.uuid({ message: 'Unknown booking' }) });

/** A published review as anyone who may see the profile sees it. */
export const publicReviewSchema = z.object({
  id: z.string(),
  rating: z.number(),
  text: z.string(),
  author: z.object({
    firstName: z.string(),
    image: z.string().nullable(),
    role: z.enum(['tourist', 'guide']),
  }),
  tourName: z.string(),
  /** When it was published (both sides wrote, or the 14 days passed). */
  date: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** The author's own review, with whether it is visible yet. */
export const ownReviewSchema = z.object({
  id: z.string(),
  rating: z.number(),
  text: z.string(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

export const REVIEW_BLOCKS = ['not-completed', 'already-reviewed', 'window-closed'] as const;

/** Everything a bookings screen needs to offer (or not) "Write a review" for one booking. */
export const reviewStateSchema = z.object({
  bookingId: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** The other participant: the subject of my review. */
  other: z.object({ id: z.string(), firstName: z.string(), role: z.enum(['tourist', 'guide']) }),
  tourName: z.string(),
  mine: ownReviewSchema.nullable(),
  /** The other side's review once published; before that only `theirsWritten` says it exists. */
  theirs: publicReviewSchema.nullable(),
  theirsWritten: z.boolean(),
  canWrite: z.boolean(),
  /** Why not, when canWrite is false. */
  reason: z.enum(REVIEW_BLOCKS).nullable(),
  /** Completion + 14 days: the last moment to write, and when what was written is published. */
  deadline: z.string().nullable(),
});
export type ReviewState = z.infer<typeof reviewStateSchema>;

export const profileReviewsParamsSchema = z.object({
  type: z.enum(['guide', 'tourist']),
  id: z.uuid({ message: 'Unknown profile' }),
});

export const profileReviewsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const profileReviewsResponseSchema = z.object({
  reviews: z.array(publicReviewSchema),
  nextCursor: z.string().nullable(),
  /** Over every published review of this profile: the same figures as the card. */
  summary: z.object({ rating: z.number(), count: z.number() }),
});
export type ProfileReviewsResponse = z.infer<typeof profileReviewsResponseSchema>;

/** The review routes, by method and address under /api. */
export const reviewsEndpoints = {
  'GET /bookings/:id/review': { params: bookingReviewParamsSchema, response: reviewStateSchema },
  'POST /bookings/:id/review': {
    params: bookingReviewParamsSchema,
    body: reviewInputSchema,
    response: reviewStateSchema,
  },
  'GET /profiles/:type/:id/reviews': {
    params: profileReviewsParamsSchema,
    query: profileReviewsQuerySchema,
    response: profileReviewsResponseSchema,
  },
} as const satisfies EndpointTable;
