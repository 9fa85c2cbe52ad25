import { isTimeZone, wallClockMs } from '@lokal/shared/domain/time-zone';
import ICAL from 'ical.js';

// A guide's imported calendar read into busy times (docs/product.md#calendars, decision 096): the VEVENTs that
// make the guide busy — not TRANSP:TRANSPARENT, not STATUS:CANCELLED — with their recurrences (RRULE, RDATE,
// EXDATE, RECURRENCE-ID overrides) expanded over the slot horizon, each converted to a UTC range.

/** At most this many busy times from one calendar over the horizon; more fails the sync in words. */
export const MAX_BUSY_PER_CALENDAR = 20_000;
/** One recurring event is followed for at most this many occurrences (a rule may never end). */
const MAX_STEPS_PER_EVENT = 50_000;
const DAY_MS = 86_400_000;

export type BusyRange = { start: Date; end: Date };

export class CalendarParseError extends Error {}

type Time = ICAL.Time;

/**
 * The instant a wall-clock time shows in `zone`: by the feed's own VTIMEZONE when it has one of that name, else
 * by the IANA zone of that name, else in the fallback zone (floating times, unknown zone names).
 */
function toInstant(
  t: Time,
  tzid: string | null,
  zones: Map<string, ICAL.Timezone>,
  fallback: string,
): number {
  const wall = Date.UTC(
    t.year,
    t.month - 1,
    t.day,
    t.isDate ? 0 : t.hour,
    t.isDate ? 0 : t.minute,
    t.isDate ? 0 : t.second,
  );
  if (!t.isDate && t.zone?.tzid === 'UTC') return wall;
  const own = tzid ? zones.get(tzid) : undefined;
  if (own) return wall - own.utcOffset(t) * 1000;
  const zone = tzid && isTimeZone(tzid) ? tzid : fallback;
  // The offset at the wall time read as UTC, then again at the instant it gives: right on both sides of a change.
  const first = wall - (wallClockMs(wall, zone) - wall);
  return wall - (wallClockMs(first, zone) - first);
}

const tzidOf = (component: ICAL.Component, name: string): string | null => {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
};

/** Whether an event (or one occurrence's override) makes the guide busy. */
function isBusy(component: ICAL.Component): boolean {
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transp !== 'TRANSPARENT' && status !== 'CANCELLED';
}

/**
 * The busy times of an ICS text between `from` and `to`, and how many events it holds. `timeZone` is where
 * floating and all-day times are read when the feed names no zone of its own (X-WR-TIMEZONE): the guide's city.
 * Throws CalendarParseError when the text is no calendar or holds too many busy times.
 */
export function busyTimes(
  text: string,
  window: { from: Date; to: Date; timeZone: string },
): { busy: BusyRange[]; events: number } {
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    root = new ICAL.Component(Array.isArray(parsed[0]) ? parsed[0] : parsed);
  } catch {
    throw new CalendarParseError('not a calendar');
  }
  if (root.name !== 'vcalendar') throw new CalendarParseError('not a calendar');
  const named = root.getFirstPropertyValue('x-wr-timezone');
  const fallback = typeof named === 'string' && isTimeZone(named) ? named : window.timeZone;
  const zones = new Map<string, ICAL.Timezone>();
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    const tzid = vtimezone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string') zones.set(tzid, new ICAL.Timezone(vtimezone));
  }

  const from = window.from.getTime();
  const to = window.to.getTime();
  const busy: BusyRange[] = [];
  const add = (start: number, end: number) => {
    if (end <= start || end <= from || start >= to) return;
    if (busy.length >= MAX_BUSY_PER_CALENDAR) {
      throw new CalendarParseError(`more than ${MAX_BUSY_PER_CALENDAR} busy times`);
    }
    busy.push({ start: new Date(start), end: new Date(end) });
  };
  /** One occurrence as a UTC range: an all-day event without an end lasts its day. */
  const range = (item: ICAL.Component, start: Time, end: Time | null) => {
    const startTz = tzidOf(item, 'dtstart');
    const s = toInstant(start, startTz, zones, fallback);
    if (!end) return [s, start.isDate ? s + DAY_MS : s];
    return [s, toInstant(end, tzidOf(item, 'dtend') ?? startTz, zones, fallback)];
  };

  const vevents = root.getAllSubcomponents('vevent');
  let events = 0;
  try {
    for (const vevent of vevents) {
      // Overrides (RECURRENCE-ID) are read through their master's expansion.
      if (vevent.hasProperty('recurrence-id')) continue;
      if (!vevent.hasProperty('dtstart')) continue;
      events++;
      const event = new ICAL.Event(vevent);
      if (!event.isRecurring()) {
        if (!isBusy(vevent)) continue;
        const [s, e] = range(
          vevent,
          event.startDate,
          vevent.hasProperty('dtend') || vevent.hasProperty('duration') ? event.endDate : null,
        );
        add(s!, e!);
        continue;
      }
      const explicitEnd = vevent.hasProperty('dtend') || vevent.hasProperty('duration');
      const iterator = event.iterator();
      for (
        let step = 0, next = iterator.next();
        next && step < MAX_STEPS_PER_EVENT;
        step++, next = iterator.next()
      ) {
        const details = event.getOccurrenceDetails(next);
        const item = details.item.component;
        const overridden = details.item !== event;
        if (!isBusy(vevent) && !overridden) continue;
        if (!isBusy(item)) continue;
        const ends = overridden || explicitEnd ? details.endDate : null;
        const [s, e] = range(item, details.startDate, ends);
        // The occurrences come in order of their original start: past the window, nothing later is in it
        // (an override moved into the window from after it is rare enough to wait for its own day).
        if (toInstant(next, tzidOf(vevent, 'dtstart'), zones, fallback) >= to + DAY_MS) break;
        add(s!, e!);
      }
    }
  } catch (err) {
    if (err instanceof CalendarParseError) throw err;
    throw new CalendarParseError('not a readable calendar');
  }
  if (vevents.length === 0 && !text.includes('BEGIN:VCALENDAR'))
    throw new CalendarParseError('not a calendar');
  return { busy: busy.sort((a, b) => a.start.getTime() - b.start.getTime()), events };
}
