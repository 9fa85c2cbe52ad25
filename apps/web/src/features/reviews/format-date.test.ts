import { describe, expect, it } from 'vitest';
import { formatReviewDate } from './format-date.ts';

describe('formatReviewDate', () => {
  it('writes each month of the year as the British short date does', () => {
    for (let month = 0; month < 12; month++) {
      const iso = new Date(2026, month, month + 3, 15, 30).toISOString();
      const expected = new Date(iso).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      });
      expect(formatReviewDate(iso)).toBe(expected);
    }
    expect(formatReviewDate(new Date(2026, 10, 23, 9).toISOString())).toBe('23 Nov 2026');
  });
});
