import { describe, expect, it } from 'vitest';
import { quietHoursEnd } from './quiet-hours.ts';

describe('quiet hours', () => {
  it('lets a push through by day on the member clock', () => {
    // 14:00 in Lisbon (winter: UTC+0), 07:30 in New York.
    expect(quietHoursEnd(new Date('2026-12-03T14:00:00Z'), 'Europe/Lisbon')).toBeNull();
    expect(quietHoursEnd(new Date('2026-12-03T13:00:00Z'), 'America/New_York')).toBeNull();
  });

  it('holds a late-evening push until 08:00 the next morning there', () => {
    // 23:30 in Madrid (UTC+1) → 08:00 the next day, 07:00 UTC.
    expect(quietHoursEnd(new Date('2026-12-03T22:30:00Z'), 'Europe/Madrid')?.toISOString()).toBe(
      '2026-12-04T07:00:00.000Z',
    );
  });

  it('holds a push after midnight until 08:00 the same morning', () => {
    // 03:00 in New York (UTC−5) → 08:00 there, 13:00 UTC.
    expect(quietHoursEnd(new Date('2026-12-03T08:00:00Z'), 'America/New_York')?.toISOString()).toBe(
      '2026-12-03T13:00:00.000Z',
    );
  });

  it('ends at 08:00 local time on the night the clocks change', () => {
    // Lisbon goes from UTC+0 to UTC+1 at 01:00 UTC on 29 March 2026: 23:00 on the 28th → 08:00 WEST, 07:00 UTC.
    expect(quietHoursEnd(new Date('2026-03-28T23:00:00Z'), 'Europe/Lisbon')?.toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
  });
});
