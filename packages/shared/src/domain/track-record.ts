// A guide's track record as every card and page shows it (docs/product.md#track-record): one function over
// real data (completed bookings, published reviews, the guide's experiences and chat), no stored defaults.
import { formatMoney } from './discovery.ts';
import { type FirstReply, responseFigures } from './response-figures.ts';

export type TrackRecordInput = {
  city: string;
  country: string;
  /** Published reviews and their mean (0 before any). */
  reviews: number;
  rating: number;
  /** Tours completed (bookings the sweep completed). */
  toursCompleted: number;
  /** The prices the guide offers, in `currency`; empty when none is set. */
  prices: readonly number[];
  /** The guide's currency, that of `prices` (ISO 4217). */
  currency: string;
  /** How many experiences the guide offers. */
  experiences: number;
  /** First replies of conversations travellers started. */
  replies: readonly FirstReply[];
};

export type TrackRecord = {
  /** No completed tour and no review: "New on Lokal". */
  newOnLokal: boolean;
  /** "Replies within 2 hours", or null when too few conversations were answered to say. */
  replyTime: string | null;
  /** "1 tour", "12 tours"; null for a guide new on Lokal (nothing to count yet). */
  tours: string | null;
  /** "1 review", "10 reviews"; null before any. */
  reviews: string | null;
  /** "1 experience", "3 experiences"; null before any. */
  experiences: string | null;
  /** "From €130", or "€90–€200" when the prices differ, in the guide's currency; null when no price is set. */
  price: string | null;
  /** "Barcelona, Spain", "Barcelona" or "": never a dangling comma. */
  location: string;
};

/** "1 review", "2 reviews": English plural of a count. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "From €130" for one price, "€90–€200" for a range, in the prices' currency (formatMoney); null without prices. */
export function priceRangeText(prices: readonly number[], currency: string): string | null {
  const valid = prices.filter((p) => Number.isFinite(p) && p > 0);
  if (valid.length === 0) return null;
  const min = formatMoney(Math.min(...valid), currency);
  const max = formatMoney(Math.max(...valid), currency);
  return min === max ? `From ${min}` : `${min}–${max}`;
}

/** The non-empty parts joined by ", ". */
export function locationText(...parts: readonly (string | null | undefined)[]): string {
  return parts
    .map((p) => (p ?? '').trim())
    .filter((p) => p.length > 0)
    .join(', ');
}

export function trackRecord(input: TrackRecordInput, now: Date = new Date()): TrackRecord {
  const newOnLokal = input.toursCompleted <= 0 && input.reviews <= 0;
  const response = responseFigures(input.replies, now);
  // A median only from real replies, and only once enough conversations were answered (response-figures).
  const replyTime = response.measured && response.medianMinutes !== null ? response.label : null;
  return {
    newOnLokal,
    replyTime,
    tours: newOnLokal ? null : countOf(input.toursCompleted, 'tour'),
    reviews: input.reviews > 0 ? countOf(input.reviews, 'review') : null,
    experiences: input.experiences > 0 ? countOf(input.experiences, 'experience') : null,
    price: priceRangeText(input.prices, input.currency),
    location: locationText(input.city, input.country),
  };
}

/**
 * A guide's standing in words, beside a star: "4.8 (12 reviews)" once reviewed, "New on Lokal" before any tour
 * or review, otherwise "No reviews yet". Every card, page and preview writes it with this.
 */
export function standingText(track: Pick<TrackRecord, 'newOnLokal' | 'reviews'>, rating: number): string {
  if (track.reviews) return `${rating.toFixed(1)} (${track.reviews})`;
  return track.newOnLokal ? 'New on Lokal' : 'No reviews yet';
}
