import { type AvailabilityRules, computeSlots, emptyWeek } from '@lokal/shared/domain/slots';
import { describe, expect, it } from 'vitest';
import { busyTimes, CalendarParseError } from './busy-times.ts';

// Imported calendars read into busy times and the slots they leave (docs/product.md#calendars): recurrences
// with their exceptions, time zones named by VTIMEZONE, by TZID or by the feed, across clock changes.

const every = (start: string, end: string) => {
  const week = emptyWeek();
  for (const day of Object.keys(week) as (keyof typeof week)[]) week[day] = [{ start, end }];
  return week;
};
const rules = (timeZone: string, over: Partial<AvailabilityRules> = {}): AvailabilityRules => ({
  timeZone,
  weekly: every('09:00', '12:00'),
  exceptions: [],
  noticeHours: 0,
  // The buffer is around bookings only: an imported busy time removes just the slots it overlaps.
  bufferMinutes: 30,
  maxPerDay: 10,
  ...over,
});
const now = new Date('2026-01-01T00:00:00Z');
const window = (timeZone: string) => ({
  from: now,
  to: new Date('2027-01-02T00:00:00Z'),
  timeZone,
});

const ics = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR'].join('\r\n');

/** The start times (city time) left on each date, from a feed read for a guide in `timeZone`. */
function slotsOn(feed: string, timeZone: string, dates: string[], over: Partial<AvailabilityRules> = {}) {
  const { busy } = busyTimes(feed, window(timeZone));
  const out: Record<string, string[]> = {};
  for (const date of dates) {
    out[date] = computeSlots({
      rules: rules(timeZone, over),
      durationMinutes: 60,
      from: date,
      to: date,
      now,
      busy: [],
      imported: busy,
    }).map((s) => s.time);
  }
  return out;
}

const NEW_YORK = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

describe('imported busy times and slots', () => {
  it('keeps a weekly 10:00 in Lisbon at 10:00 on both sides of both clock changes (TZID, no VTIMEZONE)', () => {
    const feed = ics(
      'BEGIN:VEVENT',
      'UID:weekly-lisbon',
      'DTSTART;TZID=Europe/Lisbon:20260106T100000',
      'DTEND;TZID=Europe/Lisbon:20260106T110000',
      'RRULE:FREQ=WEEKLY;BYDAY=TU',
      'SUMMARY:Pottery class',
      'END:VEVENT',
    );
    // Lisbon moves to summer time on 29 March and back on 25 October 2026.
    const days = ['2026-03-24', '2026-03-31', '2026-10-20', '2026-10-27'];
    const left = slotsOn(feed, 'Europe/Lisbon', [...days, '2026-03-25']);
    for (const d of days) expect(left[d]).toEqual(['09:00', '11:00']);
    // A Wednesday keeps every slot.
    expect(left['2026-03-25']).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:00',
    ]);
  });

  it('reads a New York feed by its VTIMEZONE for a guide in New York across both clock changes', () => {
    const feed = ics(
      ...NEW_YORK,
      'BEGIN:VEVENT',
      'UID:weekly-ny',
      'DTSTART;TZID=America/New_York:20260105T093000',
      'DTEND;TZID=America/New_York:20260105T103000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'END:VEVENT',
    );
    // New York changes on 8 March and 1 November 2026.
    const days = ['2026-03-02', '2026-03-09', '2026-10-26', '2026-11-02'];
    const left = slotsOn(feed, 'America/New_York', days);
    for (const d of days) expect(left[d]).toEqual(['10:30', '10:45', '11:00']);
  });

  it('leaves out excluded dates, moves an overridden occurrence and frees a cancelled one', () => {
    const feed = ics(
      'BEGIN:VEVENT',
      'UID:weekly-ex',
      'DTSTART;TZID=Europe/Lisbon:20260601T090000',
      'DTEND;TZID=Europe/Lisbon:20260601T100000',
      'RRULE:FREQ=WEEKLY;COUNT=6',
      'EXDATE;TZID=Europe/Lisbon:20260608T090000',
      'END:VEVENT',
      // The 15th is moved to 11:00.
      'BEGIN:VEVENT',
      'UID:weekly-ex',
      'RECURRENCE-ID;TZID=Europe/Lisbon:20260615T090000',
      'DTSTART;TZID=Europe/Lisbon:20260615T110000',
      'DTEND;TZID=Europe/Lisbon:20260615T120000',
      'END:VEVENT',
      // The 22nd is cancelled.
      'BEGIN:VEVENT',
      'UID:weekly-ex',
      'RECURRENCE-ID;TZID=Europe/Lisbon:20260622T090000',
      'DTSTART;TZID=Europe/Lisbon:20260622T090000',
      'DTEND;TZID=Europe/Lisbon:20260622T100000',
      'STATUS:CANCELLED',
      'END:VEVENT',
    );
    const all = ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00'];
    const left = slotsOn(feed, 'Europe/Lisbon', [
      '2026-06-01',
      '2026-06-08',
      '2026-06-15',
      '2026-06-22',
      '2026-06-29',
      '2026-07-13',
    ]);
    expect(left['2026-06-01']).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00']);
    expect(left['2026-06-08']).toEqual(all);
    expect(left['2026-06-15']).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00']);
    expect(left['2026-06-22']).toEqual(all);
    expect(left['2026-06-29']).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00']);
    // COUNT=6 ended on 6 July.
    expect(left['2026-07-13']).toEqual(all);
  });

  it('reads an all-day event in the feed’s time zone: New York’s day for a guide in Lisbon', () => {
    const feed = ics(
      'X-WR-TIMEZONE:America/New_York',
      'BEGIN:VEVENT',
      'UID:day-off',
      'DTSTART;VALUE=DATE:20260610',
      'DTEND;VALUE=DATE:20260611',
      'END:VEVENT',
    );
    // 10 June in New York runs from 05:00 on the 10th to 05:00 on the 11th in Lisbon (summer: UTC+1, UTC-4).
    const left = slotsOn(feed, 'Europe/Lisbon', ['2026-06-10', '2026-06-11'], {
      weekly: every('03:00', '07:00'),
    });
    expect(left['2026-06-10']).toEqual(['03:00', '03:15', '03:30', '03:45', '04:00']);
    expect(left['2026-06-11']).toEqual(['05:00', '05:15', '05:30', '05:45', '06:00']);
  });

  it('reads an all-day event without a feed zone in the guide’s city, and a day without DTEND as one day', () => {
    const feed = ics('BEGIN:VEVENT', 'UID:d', 'DTSTART;VALUE=DATE:20260610', 'END:VEVENT');
    const left = slotsOn(feed, 'Europe/Lisbon', ['2026-06-09', '2026-06-10', '2026-06-11']);
    expect(left['2026-06-10']).toEqual([]);
    expect(left['2026-06-09']).toHaveLength(9);
    expect(left['2026-06-11']).toHaveLength(9);
  });

  it('ignores free (transparent) and cancelled events and counts the events', () => {
    const feed = ics(
      'BEGIN:VEVENT',
      'UID:free',
      'DTSTART:20260610T090000Z',
      'DTEND:20260610T120000Z',
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:off',
      'DTSTART:20260610T090000Z',
      'DTEND:20260610T120000Z',
      'STATUS:CANCELLED',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:busy',
      'DTSTART:20260611T090000Z',
      'DTEND:20260611T100000Z',
      'END:VEVENT',
    );
    const { busy, events } = busyTimes(feed, window('UTC'));
    expect(events).toBe(3);
    expect(busy).toEqual([
      { start: new Date('2026-06-11T09:00:00Z'), end: new Date('2026-06-11T10:00:00Z') },
    ]);
  });

  it('refuses what is not a calendar', () => {
    expect(() => busyTimes('<html>not a calendar</html>', window('UTC'))).toThrow(CalendarParseError);
    expect(() => busyTimes('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n', window('UTC'))).toThrow(CalendarParseError);
  });
});
