import { describe, expect, it } from 'vitest';
import {
  cityTime,
  dateInZone,
  formatInZone,
  timeZoneForCity,
  zonedTimeToInstant,
  zoneInWords,
} from './time-zone.ts';

describe('time zones of bookings', () => {
  it('maps cities to zones, unknown ones to UTC', () => {
    expect(timeZoneForCity(' Barcelona ')).toBe('Europe/Madrid');
    expect(timeZoneForCity('Tokyo')).toBe('Asia/Tokyo');
    expect(timeZoneForCity('Atlantis')).toBe('UTC');
    expect(timeZoneForCity(null)).toBe('UTC');
  });

  it('turns a wall time in the city into the right instant, summer and winter', () => {
    expect(zonedTimeToInstant('2026-07-04', '18:00', 'Europe/Madrid')?.toISOString()).toBe(
      '2026-07-04T16:00:00.000Z',
    );
    expect(zonedTimeToInstant('2026-12-04', '18:00', 'Europe/Madrid')?.toISOString()).toBe(
      '2026-12-04T17:00:00.000Z',
    );
    expect(zonedTimeToInstant('2026-12-04', '09:30', 'Asia/Tokyo')?.toISOString()).toBe(
      '2026-12-04T00:30:00.000Z',
    );
    expect(zonedTimeToInstant('2026-12-04', '09:30', 'America/Mexico_City')?.toISOString()).toBe(
      '2026-12-04T15:30:00.000Z',
    );
  });

  it('refuses the hour skipped when clocks go forward, and picks a real instant in the repeated one', () => {
    expect(zonedTimeToInstant('2026-03-29', '02:30', 'Europe/Madrid')).toBeNull();
    const repeated = zonedTimeToInstant('2026-10-25', '02:30', 'Europe/Madrid');
    expect(repeated).not.toBeNull();
    expect(formatInZone(repeated!, 'Europe/Madrid')).toContain('02:30');
  });

  it('formats and dates an instant in the zone', () => {
    const at = new Date('2026-11-28T17:00:00.000Z');
    expect(formatInZone(at, 'Europe/Madrid')).toBe('Sat 28 Nov, 18:00');
    expect(dateInZone(new Date('2026-11-28T23:30:00.000Z'), 'Asia/Tokyo')).toBe('2026-11-29');
  });
});

describe('zones in words', () => {
  it('names the city, never the IANA id', () => {
    expect(zoneInWords('Barcelona', 'Europe/Madrid')).toBe('Barcelona time');
    expect(zoneInWords(' Buenos Aires ', 'America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    for (const city of ['Barcelona', 'Kyoto', 'New York', 'Cape Town', 'Lisbon']) {
      expect(zoneInWords(city, timeZoneForCity(city))).not.toMatch(/\//);
    }
  });

  it("falls back to the zone's place without a city, and says UTC for an unknown city", () => {
    expect(zoneInWords(null, 'Europe/Madrid')).toBe('Madrid time');
    expect(zoneInWords('', 'America/New_York')).toBe('New York time');
    expect(cityTime('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(zoneInWords('Atlantis', 'UTC')).toBe('UTC');
  });
});
