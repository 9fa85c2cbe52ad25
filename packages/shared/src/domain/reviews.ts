import { REVIEW_WINDOW_DAYS } from '../constants/reviews.ts';

const DAY = 24 * 60 * 60 * 1000;

export type ReviewBlock = 'not-completed' | 'already-reviewed' | 'window-closed';

/** The last moment to write a review, and the moment anything written is published: completion + 14 days. */
export function reviewDeadline(completedAt: Date | string): Date {
  return new Date(new Date(completedAt).getTime() + REVIEW_WINDOW_DAYS * DAY);
}

/**
 * Why this side may not write a review now, or null when it may. The window closes when publication
 * happens anyway, so nobody writes after reading the other side's review.
 */
export function reviewBlock(
  booking: { status: string; completedAt: Date | string | null },
  alreadyWrote: boolean,
  now: Date,
): ReviewBlock | null {
  if (booking.status !== 'completed' || !booking.completedAt) return 'not-completed';
  if (alreadyWrote) return 'already-reviewed';
  if (now.getTime() >= reviewDeadline(booking.completedAt).getTime()) return 'window-closed';
  return null;
}

/** The mean of 1–5 star ratings to one decimal; 0 when there is none (shown as "New"). */
export function averageRating(ratings: number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((a, b) => a + b, 0);
  // sum × 10 / n is exact at the halves, so this rounds like PostgreSQL's round(numeric, 1).
  return Math.round((sum * 10) / ratings.length) / 10;
}

/** Percent of guides' requests a tourist answered; null before any guide wrote (nothing to be selective about). */
export function acceptanceRate(answered: number, requests: number): number | null {
  if (requests <= 0) return null;
  return Math.round((Math.min(answered, requests) / requests) * 100);
}
