import { describe, expect, it } from 'vitest';
import {
  addMonths,
  copyToAllDays,
  longDate,
  monthGrid,
  monthName,
  nextRange,
  shortDate,
  withException,
} from './availability-draft.ts';

describe('availability editor helpers', () => {
  it('copies one day to all days, each day with its own ranges', () => {
    const empty = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
    const week = copyToAllDays(
      { ...empty, tue: [{ start: '10:00', end: '14:00' }], sun: [{ start: '20:00', end: '02:00' }] },
      'tue',
    );
    expect(Object.values(week)).toEqual(Array(7).fill([{ start: '10:00', end: '14:00' }]));
    week.mon[0]!.start = '11:00';
    expect(week.tue[0]!.start).toBe('10:00');
  });

  it('lays a month out Monday first', () => {
    // 1 July 2026 is a Wednesday: two empty cells before it.
    const grid = monthGrid('2026-07');
    expect(grid.lead).toBe(2);
    expect(grid.days[0]).toBe('2026-07-01');
    expect(grid.days.at(-1)).toBe('2026-07-31');
    expect(monthGrid('2026-02').days).toHaveLength(28);
    // 1 June 2026 is a Monday.
    expect(monthGrid('2026-06').lead).toBe(0);
  });

  it('moves between months across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('starts a new range after the last one', () => {
    expect(nextRange([])).toEqual({ start: '09:00', end: '17:00' });
    expect(nextRange([{ start: '09:00', end: '12:30' }])).toEqual({ start: '12:30', end: '14:30' });
    expect(nextRange([{ start: '18:00', end: '23:00' }])).toEqual({ start: '23:00', end: '01:00' });
  });

  it('keeps one exception per date, in date order', () => {
    const list = withException([{ date: '2026-07-09', kind: 'blocked' }], {
      date: '2026-07-02',
      kind: 'blocked',
    });
    expect(list.map((e) => e.date)).toEqual(['2026-07-02', '2026-07-09']);
    const replaced = withException(list, {
      date: '2026-07-09',
      kind: 'extra',
      ranges: [{ start: '18:00', end: '20:00' }],
    });
    expect(replaced).toHaveLength(2);
    expect(replaced[1]).toMatchObject({ kind: 'extra' });
  });

  it('writes dates in words', () => {
    expect(longDate('2026-07-03')).toBe('Friday 3 July 2026');
    expect(shortDate('2026-12-25')).toBe('25 December');
    expect(monthName('2027-01')).toBe('January 2027');
  });
});
