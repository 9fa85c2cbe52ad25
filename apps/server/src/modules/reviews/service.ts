import { AUTH_MESSAGES } from '@lokal/shared/constants/auth';
import { REVIEW_MESSAGES } from '@lokal/shared/constants/reviews';
import { reviewBlock, reviewDeadline } from '@lokal/shared/domain/reviews';
import { isUuid } from '@lokal/shared/domain/uuid';
import type {
  OwnReview,
  ProfileReviewsResponse,
  PublicReview,
  ReviewState,
} from '@lokal/shared/schemas/reviews';
import { HttpError } from '../../plugins/errors.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { decodeCursor, encodeCursor, isPgTimestamp } from '../cursor.ts';
import type { ReviewCursor, ReviewsRepository } from './repository.ts';

type ReviewRow = Awaited<ReturnType<ReviewsRepository['ofBooking']>>[number];

const iso = (d: Date | string) => new Date(d).toISOString();

function toPublic(r: ReviewRow): PublicReview {
  return {
    id: r.review.id,
    rating: r.review.rating,
    text: r.review.text,
    author: {
      firstName: r.authorFirst,
      image: r.authorImage,
      role: r.authorRole === 'guide' ? 'guide' : 'tourist',
    },
    tourName: r.tourName,
    date: iso(r.review.publishedAt ?? r.review.createdAt),
  };
}

type ListRow = Awaited<ReturnType<ReviewsRepository['listFor']>>[number];

/** A page of published reviews from `limit + 1` rows, with where the next one starts. */
function pageOf(
  rows: ListRow[],
  limit: number,
  summary: ProfileReviewsResponse['summary'],
): ProfileReviewsResponse {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    reviews: page.map(toPublic),
    nextCursor:
      rows.length > limit && last?.cursorAt
        ? encodeCursor({ at: last.cursorAt, id: last.review.id } satisfies ReviewCursor)
        : null,
    summary,
  };
}

function toOwn(r: ReviewRow): OwnReview {
  return {
    id: r.review.id,
    rating: r.review.rating,
    text: r.review.text,
    createdAt: iso(r.review.createdAt),
    publishedAt: r.review.publishedAt ? iso(r.review.publishedAt) : null,
  };
}

/** Where the last page ended: its last review's publication (PostgreSQL's text, microseconds kept) and id. */
function readCursor(raw: string | undefined): ReviewCursor | null {
  return decodeCursor(raw, (c) =>
    isPgTimestamp(c.at) && isUuid(c.id) ? { at: c.at, id: c.id as string } : null,
  );
}

const BLOCK_ERRORS = {
  'not-completed': { message: REVIEW_MESSAGES.notCompleted, code: 'booking-not-completed' },
  'already-reviewed': { message: REVIEW_MESSAGES.alreadyReviewed, code: 'already-reviewed' },
  'window-closed': { message: REVIEW_MESSAGES.windowClosed, code: 'review-window-closed' },
} as const;

export function createReviewsService(deps: {
  repo: ReviewsRepository;
  now: () => number;
  /** Throws the tourist profile's own refusal (401/403/404) when this viewer may not see the tourist. */
  assertMayViewTourist: (viewer: SessionUser, touristId: string) => Promise<void>;
}) {
  const { repo } = deps;
  const now = () => new Date(deps.now());

  async function participantBooking(user: SessionUser, bookingId: string) {
    const booking = await repo.bookingFor(bookingId, user.id);
    // A stranger learns nothing, not even that the booking exists (as in chat).
    if (!booking) throw new HttpError(404, REVIEW_MESSAGES.bookingNotFound, 'not-found');
    return booking;
  }

  async function state(user: SessionUser, bookingId: string): Promise<ReviewState> {
    // Reads never publish: the review-publishing job does, each minute (decision 040).
    const booking = await participantBooking(user, bookingId);
    const rows = await repo.ofBooking(bookingId);
    const mine = rows.find((r) => r.review.authorId === user.id) ?? null;
    const theirs = rows.find((r) => r.review.authorId !== user.id) ?? null;
    const otherId = booking.touristId === user.id ? booking.guideId : booking.touristId;
    const other = await repo.person(otherId);
    const block = reviewBlock(booking, Boolean(mine), now());
    return {
      bookingId: booking.id,
      status: booking.status,
      other: {
        id: otherId,
        firstName: other?.firstName ?? '',
        role: booking.guideId === otherId ? 'guide' : 'tourist',
      },
      tourName: booking.tourName,
      mine: mine ? toOwn(mine) : null,
      theirs: theirs?.review.publishedAt ? toPublic(theirs) : null,
      theirsWritten: Boolean(theirs),
      canWrite: block === null,
      reason: block,
      deadline: booking.completedAt ? iso(reviewDeadline(booking.completedAt)) : null,
    };
  }

  return {
    state,

    async submit(user: SessionUser, bookingId: string, input: { rating: number; text: string }) {
      const booking = await participantBooking(user, bookingId);
      const block = reviewBlock(booking, false, now());
      if (block) throw new HttpError(409, BLOCK_ERRORS[block].message, BLOCK_ERRORS[block].code);
      const { created } = await repo.insert({
        bookingId,
        authorId: user.id,
        subjectId: booking.touristId === user.id ? booking.guideId : booking.touristId,
        rating: input.rating,
        text: input.text,
        now: now(),
      });
      if (!created) {
        throw new HttpError(409, REVIEW_MESSAGES.alreadyReviewed, BLOCK_ERRORS['already-reviewed'].code);
      }
      return state(user, bookingId);
    },

    async forProfile(
      viewer: SessionUser | null,
      type: 'guide' | 'tourist',
      id: string,
      query: { cursor?: string; limit: number },
    ): Promise<ProfileReviewsResponse> {
      const cursor = readCursor(query.cursor);
      if (type === 'guide') {
        // The page is read beside the check; it is shown only when the check passes.
        const [rows, summary] = await Promise.all([
          repo.listFor(id, query.limit + 1, cursor),
          repo.guideSummary(id, viewer),
        ]);
        if (!summary) throw new HttpError(404, REVIEW_MESSAGES.profileNotFound, 'not-found');
        return pageOf(rows, query.limit, summary);
      }
      if (!viewer) throw new HttpError(401, AUTH_MESSAGES.notAuthenticated, 'unauthenticated');
      // A tourist sees their own; guides see what the tourist profile would show them.
      if (viewer.id !== id) await deps.assertMayViewTourist(viewer, id);
      else if (!(await repo.touristExists(id))) {
        throw new HttpError(404, REVIEW_MESSAGES.profileNotFound, 'not-found');
      }
      const [rows, summary] = await Promise.all([
        repo.listFor(id, query.limit + 1, cursor),
        repo.summaryFor(id),
      ]);
      return pageOf(rows, query.limit, summary);
    },

    /**
     * The published reviews of one experience, newest first: whoever may see the experience may read them
     * (`assertVisible` throws the experience's 404 otherwise).
     */
    async forExperience(
      guideId: string,
      experienceId: string,
      query: { cursor?: string; limit: number },
    ): Promise<ProfileReviewsResponse> {
      const cursor = readCursor(query.cursor);
      const [rows, summary] = await Promise.all([
        repo.listFor(guideId, query.limit + 1, cursor, experienceId),
        repo.summaryFor(guideId, experienceId),
      ]);
      return pageOf(rows, query.limit, summary);
    },

    /** Publishes what is due for these people (or everyone); returns how many reviews were published. */
    publishDue: (subjectIds?: string[]) => repo.publishDue(now(), subjectIds ? { subjectIds } : {}),
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
