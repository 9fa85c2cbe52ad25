import { MAX_AHEAD_DAYS } from '../constants/bookings.ts';
import { SLOT_STEP_MINUTES, WEEKDAYS, type Weekday } from '../constants/experiences.ts';
import { wallClockMs, wallTimeIn, zonedTimeToInstant } from './time-zone.ts';

// Bookable start times (docs/product.md#availability): the weekly schedule and the date exceptions, in the guide's
// city time, less the notice, the guide's other bookings (with the buffer around each), the busy times of the
// guide's imported calendars (as they are, no buffer, not counted as bookings) and the daily maximum.

/** A working range on a day's wall clock. An end at or before the start runs past midnight into the next day. */
export type TimeRange = { start: string; end: string };
export type WeeklySchedule = Record<Weekday, TimeRange[]>;
export type AvailabilityException =
  | { date: string; kind: 'blocked' }
  | { date: string; kind: 'extra'; ranges: TimeRange[] };
export type AvailabilityRules = {
  timeZone: string;
  weekly: WeeklySchedule;
  exceptions: AvailabilityException[];
  noticeHours: number;
  bufferMinutes: number;
  maxPerDay: number;
};
/** A time the guide already holds: a requested or accepted booking, or a busy time of an imported calendar. */
export type Busy = { start: Date; end: Date };
export type Slot = { start: string; end: string; date: string; time: string };

const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;

export const emptyWeek = (): WeeklySchedule => ({
  mon: [],
  tue: [],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
});

/** YYYY-MM-DD + n days. */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 = Sunday.
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7]!;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const fromMinutes = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The instant the zone's clocks show `date` `time`, or the first quarter hour after it that exists (clocks skip). */
function instantAtOrAfter(date: string, time: string, timeZone: string): Date {
  let day = date;
  let m = toMinutes(time);
  for (let i = 0; i < 16; i++) {
    const at = zonedTimeToInstant(day, fromMinutes(m), timeZone);
    if (at) return at;
    m += SLOT_STEP_MINUTES;
    if (m >= 24 * 60) {
      m -= 24 * 60;
      day = addDays(day, 1);
    }
  }
  // No zone skips four hours; UTC wall time as a last resort.
  return new Date(`${date}T${time}:00Z`);
}

/** The index of the first interval (sorted by start) that starts at or after `at`. */
function firstAtOrAfter(sorted: { start: number }[], at: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.start < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The working ranges of one local date: the exception's, else the weekday's (extra hours add to them). A caller
 * asking about the same dates for many guides passes each date's weekday, worked out once.
 */
export function rangesOn(
  date: string,
  rules: Pick<AvailabilityRules, 'weekly' | 'exceptions'>,
  weekday: Weekday = weekdayOf(date),
): TimeRange[] {
  const exception = rules.exceptions.find((e) => e.date === date);
  if (exception?.kind === 'blocked') return [];
  const weekly = rules.weekly[weekday] ?? [];
  return exception?.kind === 'extra' ? [...weekly, ...exception.ranges] : weekly;
}

/**
 * Every start time from local date `from` to `to` (both included) at which a tour of `durationMinutes` fits inside
 * one working range, is at least the notice ahead of `now` and at most a year ahead, keeps the buffer clear of
 * every booking (`busy`), overlaps no busy time of the guide's imported calendars (`imported`), and falls on a
 * day (its start's local date) with fewer bookings than the daily maximum.
 */
export function computeSlots(input: {
  rules: AvailabilityRules;
  durationMinutes: number;
  from: string;
  to: string;
  now: Date;
  busy: Busy[];
  imported?: Busy[];
}): Slot[] {
  const { rules, from, to } = input;
  const tz = rules.timeZone;
  const duration = input.durationMinutes * MINUTE;
  const buffer = rules.bufferMinutes * MINUTE;
  const earliest = input.now.getTime() + rules.noticeHours * 60 * MINUTE;
  const latest = input.now.getTime() + MAX_AHEAD_DAYS * DAY_MS;
  const busy = input.busy
    .map((b) => ({ start: b.start.getTime() - buffer, end: b.end.getTime() + buffer }))
    .concat((input.imported ?? []).map((b) => ({ start: b.start.getTime(), end: b.end.getTime() })))
    .sort((a, b) => a.start - b.start);
  const longest = busy.reduce((m, b) => Math.max(m, b.end - b.start), 0);
  // Bookings per local day (days counted from the epoch on the zone's wall clock).
  const localDay = (instant: number) => Math.floor(wallClockMs(instant, tz) / DAY_MS);
  const perDay = new Map<number, number>();
  for (const b of input.busy) {
    const day = localDay(b.start.getTime());
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }

  const seen = new Set<number>();
  const slots: Slot[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (const range of rangesOn(date, rules)) {
      const rangeStart = instantAtOrAfter(date, range.start, tz).getTime();
      const endDate = toMinutes(range.end) <= toMinutes(range.start) ? addDays(date, 1) : date;
      const rangeEnd = instantAtOrAfter(endDate, range.end, tz).getTime();
      // Only the busy times that reach into this range matter (bookings with their buffer): found by start.
      const near = busy
        .slice(firstAtOrAfter(busy, rangeStart - longest), firstAtOrAfter(busy, rangeEnd))
        .filter((b) => b.end > rangeStart);
      // Stepping in real time, not wall time, keeps every start real across a clock change.
      for (let start = rangeStart; start + duration <= rangeEnd; start += SLOT_STEP_MINUTES * MINUTE) {
        if (start < earliest || start > latest || seen.has(start)) continue;
        const end = start + duration;
        if (near.some((b) => start < b.end && end > b.start)) continue;
        if ((perDay.get(localDay(start)) ?? 0) >= rules.maxPerDay) continue;
        seen.add(start);
        slots.push({
          start: new Date(start).toISOString(),
          end: new Date(end).toISOString(),
          ...wallTimeIn(new Date(start), tz),
        });
      }
    }
  }
  return slots.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/** Whether `start` is one of the slots of its local date (the server's re-check before it books). */
export function isSlot(
  input: Omit<Parameters<typeof computeSlots>[0], 'from' | 'to'> & { start: Date },
): boolean {
  const day = wallTimeIn(input.start, input.rules.timeZone).date;
  // A range that starts the evening before can run past midnight into this day.
  const slots = computeSlots({ ...input, from: addDays(day, -1), to: day });
  const want = input.start.toISOString();
  return slots.some((s) => s.start === want);
}
