import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsTime, writeCalendar } from './ics.ts';

describe('the .ics writer', () => {
  it('escapes TEXT values as RFC 5545 asks', () => {
    expect(escapeText('Plaça Reial, by the fountain; 2\\3\nsecond line')).toBe(
      'Plaça Reial\\, by the fountain\\; 2\\\\3\\nsecond line',
    );
  });

  it('folds lines at 75 octets, never inside a UTF-8 character', () => {
    const line = `DESCRIPTION:${'ç'.repeat(80)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(75);
    for (const p of parts.slice(1)) expect(p.startsWith(' ')).toBe(true);
    // Unfolding gives the line back whole.
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('writes UTC times and CRLF line ends, with Lokal as organizer of an invitation only', () => {
    expect(icsTime(new Date('2026-12-14T17:00:00.000Z'))).toBe('20261214T170000Z');
    const event = {
      uid: 'booking-1@lokal.app',
      sequence: 3,
      status: 'CONFIRMED' as const,
      start: new Date('2026-12-14T17:00:00.000Z'),
      end: new Date('2026-12-14T19:00:00.000Z'),
      summary: 'Walk',
      description: 'd',
      location: '',
      geo: null,
      url: 'http://localhost:3000/tourist/bookings',
      changedAt: new Date('2026-11-23T10:00:00.000Z'),
    };
    const invite = writeCalendar({ method: 'REQUEST', organizer: 'hello@lokal.app', events: [event] });
    expect(invite.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(invite.split('\r\n')).toContain('ORGANIZER;CN=Lokal:mailto:hello@lokal.app');
    expect(invite).not.toMatch(/[^\r]\n/);
    expect(invite).not.toContain('LOCATION');
    const feed = writeCalendar({ method: 'PUBLISH', organizer: 'hello@lokal.app', events: [event] });
    expect(feed).not.toContain('ORGANIZER');
  });
});
