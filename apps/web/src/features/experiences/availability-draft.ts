import { WEEKDAY_LABELS } from '@lokal/shared/constants/experiences';
import {
  type AvailabilityException,
  type TimeRange,
  type WeeklySchedule,
  weekdayOf,
} from '@lokal/shared/domain/slots';
import type { AvailabilityInput } from '@lokal/shared/schemas/experiences';

// What the availability editor holds (docs/product.md#availability): limits as typed; the shared schema checks
// them on save.

export type AvailabilityDraft = {
  weekly: WeeklySchedule;
  exceptions: AvailabilityException[];
  noticeHours: string;
  bufferMinutes: string;
  maxPerDay: string;
};

export function draftFromAvailability(a: AvailabilityInput): AvailabilityDraft {
  return {
    weekly: a.weekly,
    exceptions: [...a.exceptions].sort((x, y) => x.date.localeCompare(y.date)),
    noticeHours: String(a.noticeHours),
    bufferMinutes: String(a.bufferMinutes),
    maxPerDay: String(a.maxPerDay),
  };
}

const num = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

export function availabilityToInput(d: AvailabilityDraft): AvailabilityInput {
  return {
    weekly: d.weekly,
    exceptions: d.exceptions,
    noticeHours: num(d.noticeHours),
    bufferMinutes: num(d.bufferMinutes),
    maxPerDay: num(d.maxPerDay),
  };
}

/** The week with every day given `day`'s ranges ("Copy to all days"), each day its own copy. */
export function copyToAllDays(weekly: WeeklySchedule, day: keyof WeeklySchedule): WeeklySchedule {
  const ranges = weekly[day];
  const all = {} as WeeklySchedule;
  for (const d of Object.keys(weekly) as (keyof WeeklySchedule)[]) all[d] = ranges.map((r) => ({ ...r }));
  return all;
}

/** The range a new one starts as: two hours after the day's last (past midnight if need be), else a working day. */
export function nextRange(ranges: TimeRange[]): TimeRange {
  const last = ranges.at(-1);
  if (!last) return { start: '09:00', end: '17:00' };
  const start = last.end;
  const h = (Number(start.slice(0, 2)) + 2) % 24;
  return { start, end: `${String(h).padStart(2, '0')}:${start.slice(3, 5)}` };
}

/** An exception for `date`, kept in date order. */
export function withException(
  list: AvailabilityException[],
  e: AvailabilityException,
): AvailabilityException[] {
  return [...list.filter((x) => x.date !== e.date), e].sort((x, y) => x.date.localeCompare(y.date));
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'Friday 3 July 2026' (written out: browsers' date formats differ in their commas). */
export function longDate(date: string): string {
  return `${WEEKDAY_LABELS[weekdayOf(date)]} ${shortDate(date)} ${date.slice(0, 4)}`;
}

/** '3 July'. */
export function shortDate(date: string): string {
  return `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
}

/** 'July 2026'. */
export function monthName(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** A month's days, and how many weekdays come before the 1st in a Monday-first week. */
export function monthGrid(month: string): { lead: number; days: string[] } {
  const first = new Date(`${month}-01T00:00:00Z`);
  const count = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return {
    lead: (first.getUTCDay() + 6) % 7,
    days: Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`),
  };
}

/** 'YYYY-MM' moved by `n` months. */
export function addMonths(month: string, n: number): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
}
