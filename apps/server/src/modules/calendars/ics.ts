/**
 * The one writer of calendar files (RFC 5545, decision 096): events in UTC with the city's time zone named in
 * the description, text escaped, lines folded at 75 octets, CRLF line ends.
 */

export type CalendarEvent = {
  uid: string;
  sequence: number;
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  geo: { lat: number; lng: number } | null;
  url: string;
  /** When the booking last changed (DTSTAMP, LAST-MODIFIED). */
  changedAt: Date;
};

export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

/** 20261205T090000Z */
export function icsTime(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n (RFC 5545 3.3.11). */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Content lines longer than 75 octets are folded: CRLF and one space, never inside a UTF-8 character (3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    // The first line holds 75 octets; the next ones 74 after their leading space.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

function eventLines(e: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${icsTime(e.changedAt)}`,
    `LAST-MODIFIED:${icsTime(e.changedAt)}`,
    `DTSTART:${icsTime(e.start)}`,
    `DTEND:${icsTime(e.end)}`,
    `STATUS:${e.status}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.geo ? [`GEO:${e.geo.lat.toFixed(6)};${e.geo.lng.toFixed(6)}`] : []),
    `URL:${e.url}`,
    'END:VEVENT',
  ];
}

/**
 * A VCALENDAR of these events. REQUEST and CANCEL (one booking, iTIP) name Lokal as the ORGANIZER, which
 * calendar clients want before they offer to add the event.
 */
export function writeCalendar(m: {
  method: CalendarMethod;
  name?: string;
  organizer?: string;
  events: CalendarEvent[];
}): string {
  const organizer = m.method !== 'PUBLISH' && m.organizer ? [`ORGANIZER;CN=Lokal:mailto:${m.organizer}`] : [];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lokal//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${m.method}`,
    ...(m.name ? [`X-WR-CALNAME:${escapeText(m.name)}`] : []),
    ...m.events.flatMap((e) => {
      const body = eventLines(e);
      return [...body.slice(0, -1), ...organizer, body.at(-1)!];
    }),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
