import { describe, expect, it } from 'vitest';
import { acceptanceRate, averageRating, reviewBlock, reviewDeadline } from './reviews.ts';

const completedAt = new Date('2026-11-01T18:00:00Z');
const at = (iso: string) => new Date(iso);

describe('reviewDeadline', () => {
  it('is 14 days after completion', () => {
    expect(reviewDeadline(completedAt).toISOString()).toBe('2026-11-15T18:00:00.000Z');
    expect(reviewDeadline('2026-12-25T00:00:00Z').toISOString()).toBe('2027-01-08T00:00:00.000Z');
  });
});

describe('reviewBlock', () => {
  const done = { status: 'completed', completedAt };
  it('refuses every booking that is not completed', () => {
    for (const status of ['requested', 'accepted', 'declined', 'cancelled']) {
      expect(reviewBlock({ status, completedAt: null }, false, at('2026-11-02T00:00:00Z'))).toBe(
        'not-completed',
      );
    }
    // A completed booking without a completion time cannot start its window.
    expect(reviewBlock({ status: 'completed', completedAt: null }, false, completedAt)).toBe('not-completed');
  });
  it('allows one review per side until the 14 days end', () => {
    expect(reviewBlock(done, false, completedAt)).toBeNull();
    expect(reviewBlock(done, false, at('2026-11-15T17:59:59Z'))).toBeNull();
    expect(reviewBlock(done, true, at('2026-11-02T00:00:00Z'))).toBe('already-reviewed');
    expect(reviewBlock(done, false, at('2026-11-15T18:00:00Z'))).toBe('window-closed');
  });
});

describe('averageRating', () => {
  it('is the mean to one decimal, rounding halves up like PostgreSQL, and 0 without reviews', () => {
    expect(averageRating([])).toBe(0);
    expect(averageRating([5, 4, 5])).toBe(4.7);
    expect(averageRating([4, 5])).toBe(4.5);
    // 87 / 20 = 4.35 exactly: floating point would give 4.3.
    expect(averageRating([...Array(13).fill(4), ...Array(7).fill(5)])).toBe(4.4);
    expect(averageRating([1])).toBe(1);
  });
});

describe('acceptanceRate', () => {
  it('is the answered share of requests in percent, and null before any request', () => {
    expect(acceptanceRate(0, 0)).toBeNull();
    expect(acceptanceRate(2, 28)).toBe(7);
    expect(acceptanceRate(3, 5)).toBe(60);
    expect(acceptanceRate(0, 4)).toBe(0);
    expect(acceptanceRate(5, 4)).toBe(100);
  });
});
