import { describe, expect, it } from 'vitest';
import { type AvailabilityRules, computeSlots, emptyWeek, isSlot, weekdayOf } from './slots.ts';

const every = (start: string, end: string) => {
  const week = emptyWeek();
  for (const day of Object.keys(week) as (keyof typeof week)[]) week[day] = [{ start, end }];
  return week;
};
const rules = (over: Partial<AvailabilityRules> = {}): AvailabilityRules => ({
  timeZone: 'Europe/Lisbon',
  weekly: every('09:00', '12:00'),
  exceptions: [],
  noticeHours: 0,
  bufferMinutes: 0,
  maxPerDay: 10,
  ...over,
});
const now = new Date('2026-01-01T00:00:00Z');
const times = (slots: { time: string }[]) => slots.map((s) => s.time);

describe('computeSlots', () => {
  it('lists quarter-hour starts where the whole tour fits in the range', () => {
    const slots = computeSlots({
      rules: rules(),
      durationMinutes: 120,
      from: '2026-02-02',
      to: '2026-02-02',
      now,
      busy: [],
    });
    expect(times(slots)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00']);
    // Lisbon is on UTC in winter.
    expect(slots[0]).toMatchObject({
      start: '2026-02-02T09:00:00.000Z',
      end: '2026-02-02T11:00:00.000Z',
      date: '2026-02-02',
    });
  });

  it('follows the weekly schedule by weekday and the exceptions by date', () => {
    const week = emptyWeek();
    week.tue = [{ start: '10:00', end: '11:00' }];
    const r = rules({
      weekly: week,
      exceptions: [
        { date: '2026-02-10', kind: 'blocked' },
        { date: '2026-02-14', kind: 'extra', ranges: [{ start: '20:00', end: '21:00' }] },
      ],
    });
    expect(weekdayOf('2026-02-03')).toBe('tue');
    const slots = computeSlots({
      rules: r,
      durationMinutes: 60,
      from: '2026-02-01',
      to: '2026-02-15',
      now,
      busy: [],
    });
    expect(slots.map((s) => `${s.date} ${s.time}`)).toEqual(['2026-02-03 10:00', '2026-02-14 20:00']);
  });

  it('keeps the buffer clear on both sides of a booking', () => {
    const busy = [{ start: new Date('2026-02-02T10:00:00Z'), end: new Date('2026-02-02T11:00:00Z') }];
    const r = rules({ weekly: every('08:00', '14:00'), bufferMinutes: 30 });
    const slots = computeSlots({
      rules: r,
      durationMinutes: 60,
      from: '2026-02-02',
      to: '2026-02-02',
      now,
      busy,
    });
    // A tour of an hour must end by 09:30 or start at 11:30 or later.
    expect(times(slots)).toEqual([
      '08:00',
      '08:15',
      '08:30',
      '11:30',
      '11:45',
      '12:00',
      '12:15',
      '12:30',
      '12:45',
      '13:00',
    ]);
  });

  it('starts no earlier than the notice', () => {
    const at = new Date('2026-02-02T08:50:00Z');
    const slots = computeSlots({
      rules: rules({ noticeHours: 2 }),
      durationMinutes: 60,
      from: '2026-02-02',
      to: '2026-02-02',
      now: at,
      busy: [],
    });
    expect(times(slots)).toEqual(['11:00']);
  });

  it('closes a day at the daily maximum', () => {
    const busy = [{ start: new Date('2026-02-02T15:00:00Z'), end: new Date('2026-02-02T16:00:00Z') }];
    const r = rules({ maxPerDay: 1 });
    const slots = computeSlots({
      rules: r,
      durationMinutes: 60,
      from: '2026-02-02',
      to: '2026-02-03',
      now,
      busy,
    });
    expect(new Set(slots.map((s) => s.date))).toEqual(new Set(['2026-02-03']));
  });

  it('a range past midnight holds a tour that crosses it, and a booking crossing midnight blocks the next morning', () => {
    const r = rules({ weekly: every('21:00', '02:00') });
    const slots = computeSlots({
      rules: r,
      durationMinutes: 180,
      from: '2026-02-02',
      to: '2026-02-02',
      now,
      busy: [],
    });
    expect(times(slots).at(0)).toBe('21:00');
    expect(times(slots).at(-1)).toBe('23:00');
    expect(slots.at(-1)?.end).toBe('2026-02-03T02:00:00.000Z');

    const early = rules({ weekly: every('00:00', '06:00') });
    const crossing = [{ start: new Date('2026-02-02T22:00:00Z'), end: new Date('2026-02-03T01:30:00Z') }];
    const next = computeSlots({
      rules: early,
      durationMinutes: 60,
      from: '2026-02-03',
      to: '2026-02-03',
      now,
      busy: crossing,
    });
    expect(times(next)[0]).toBe('01:30');
  });

  it('Europe/Lisbon, clocks forward (29 Mar 2026, 01:00 → 02:00): no start in the skipped hour, real hours only', () => {
    const r = rules({ weekly: every('00:00', '04:00') });
    const slots = computeSlots({
      rules: r,
      durationMinutes: 60,
      from: '2026-03-29',
      to: '2026-03-29',
      now,
      busy: [],
    });
    expect(times(slots)).not.toContain('01:30');
    // 00:00–04:00 that night lasts three real hours: the last one-hour tour starts at 03:00 (02:00 UTC).
    expect(slots.at(-1)).toMatchObject({ time: '03:00', start: '2026-03-29T02:00:00.000Z' });
    expect(slots).toHaveLength(9);
    // The summer offset applies after the change.
    const day = computeSlots({
      rules: rules(),
      durationMinutes: 60,
      from: '2026-03-30',
      to: '2026-03-30',
      now,
      busy: [],
    });
    expect(day[0]?.start).toBe('2026-03-30T08:00:00.000Z');
  });

  it('Europe/Lisbon, clocks back (25 Oct 2026, 02:00 → 01:00): the repeated hour gives two real starts', () => {
    const r = rules({ weekly: every('00:00', '03:00') });
    const slots = computeSlots({
      rules: r,
      durationMinutes: 60,
      from: '2026-10-25',
      to: '2026-10-25',
      now,
      busy: [],
    });
    // 00:00–03:00 that night lasts four real hours.
    expect(slots).toHaveLength(13);
    expect(slots.filter((s) => s.time === '01:00').map((s) => s.start)).toEqual([
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
    ]);
    const after = computeSlots({
      rules: rules(),
      durationMinutes: 60,
      from: '2026-10-26',
      to: '2026-10-26',
      now,
      busy: [],
    });
    expect(after[0]?.start).toBe('2026-10-26T09:00:00.000Z');
  });

  it('America/New_York, clocks forward (8 Mar 2026) and back (1 Nov 2026)', () => {
    const ny = rules({ timeZone: 'America/New_York', weekly: every('01:00', '04:00') });
    const spring = computeSlots({
      rules: ny,
      durationMinutes: 60,
      from: '2026-03-08',
      to: '2026-03-08',
      now,
      busy: [],
    });
    expect(times(spring)).not.toContain('02:00');
    expect(spring.at(-1)).toMatchObject({ time: '03:00', start: '2026-03-08T07:00:00.000Z' });
    expect(spring).toHaveLength(5);
    const fall = computeSlots({
      rules: ny,
      durationMinutes: 60,
      from: '2026-11-01',
      to: '2026-11-01',
      now,
      busy: [],
    });
    expect(fall).toHaveLength(13);
    expect(fall[0]?.start).toBe('2026-11-01T05:00:00.000Z');
    const nine = computeSlots({
      rules: rules({ timeZone: 'America/New_York' }),
      durationMinutes: 60,
      from: '2026-11-02',
      to: '2026-11-02',
      now,
      busy: [],
    });
    expect(nine[0]?.start).toBe('2026-11-02T14:00:00.000Z');
  });

  it('isSlot accepts a listed start and refuses any other instant', () => {
    const base = { rules: rules(), durationMinutes: 60, now, busy: [] };
    expect(isSlot({ ...base, start: new Date('2026-02-02T09:15:00Z') })).toBe(true);
    expect(isSlot({ ...base, start: new Date('2026-02-02T09:10:00Z') })).toBe(false);
    expect(isSlot({ ...base, start: new Date('2026-02-02T11:15:00Z') })).toBe(false);
  });
});
