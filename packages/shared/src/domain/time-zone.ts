// Bookings are chosen in the guide's city time (docs/product.md#bookings). Without a geo database, a table of the cities
// Lokal serves maps city → IANA zone; an unknown city falls back to UTC, which the screens then name.
export const CITY_ZONES: Record<string, string> = {
  amsterdam: 'Europe/Amsterdam',
  athens: 'Europe/Athens',
  bangkok: 'Asia/Bangkok',
  barcelona: 'Europe/Madrid',
  berlin: 'Europe/Berlin',
  'buenos aires': 'America/Argentina/Buenos_Aires',
  brussels: 'Europe/Brussels',
  budapest: 'Europe/Budapest',
  'cape town': 'Africa/Johannesburg',
  chicago: 'America/Chicago',
  copenhagen: 'Europe/Copenhagen',
  dubai: 'Asia/Dubai',
  dublin: 'Europe/Dublin',
  edinburgh: 'Europe/London',
  florence: 'Europe/Rome',
  'hong kong': 'Asia/Hong_Kong',
  istanbul: 'Europe/Istanbul',
  kyoto: 'Asia/Tokyo',
  lisbon: 'Europe/Lisbon',
  london: 'Europe/London',
  'los angeles': 'America/Los_Angeles',
  madrid: 'Europe/Madrid',
  marrakech: 'Africa/Casablanca',
  melbourne: 'Australia/Melbourne',
  'mexico city': 'America/Mexico_City',
  miami: 'America/New_York',
  milan: 'Europe/Rome',
  montreal: 'America/Toronto',
  munich: 'Europe/Berlin',
  naples: 'Europe/Rome',
  'new york': 'America/New_York',
  osaka: 'Asia/Tokyo',
  paris: 'Europe/Paris',
  porto: 'Europe/Lisbon',
  prague: 'Europe/Prague',
  'rio de janeiro': 'America/Sao_Paulo',
  rome: 'Europe/Rome',
  'san francisco': 'America/Los_Angeles',
  'são paulo': 'America/Sao_Paulo',
  'sao paulo': 'America/Sao_Paulo',
  seoul: 'Asia/Seoul',
  seville: 'Europe/Madrid',
  shanghai: 'Asia/Shanghai',
  singapore: 'Asia/Singapore',
  stockholm: 'Europe/Stockholm',
  sydney: 'Australia/Sydney',
  tokyo: 'Asia/Tokyo',
  toronto: 'America/Toronto',
  vancouver: 'America/Vancouver',
  venice: 'Europe/Rome',
  vienna: 'Europe/Vienna',
  warsaw: 'Europe/Warsaw',
  zurich: 'Europe/Zurich',
};

export function timeZoneForCity(city: string | null | undefined): string {
  const key = (city ?? '').trim().toLowerCase();
  // Own keys only: a guide's city named "constructor" must not yield Object.prototype's function.
  return Object.hasOwn(CITY_ZONES, key) ? CITY_ZONES[key]! : 'UTC';
}

// Building a formatter costs far more than using one; slot computation converts thousands of times a call.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone, read by Intl, as if that wall clock were UTC (milliseconds). */
function exactPartsIn(instant: number, timeZone: string) {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

const DAY_MS = 86_400_000;
const second = (ms: number) => Math.floor(ms / 1000) * 1000;
// Intl is slow (microseconds a call) and a zone's offset changes a few times a year: remember, per zone and UTC
// day, the offset when it is the same at the day's start and end, and ask Intl for the exact instant otherwise.
const steadyOffsets = new Map<string, number | null>();
function offsetOf(instant: number, timeZone: string): number {
  const day = Math.floor(instant / DAY_MS);
  const key = `${timeZone}|${day}`;
  let steady = steadyOffsets.get(key);
  if (steady === undefined) {
    const first = exactPartsIn(day * DAY_MS, timeZone) - day * DAY_MS;
    const lastSecond = (day + 1) * DAY_MS - 1000;
    steady = exactPartsIn(lastSecond, timeZone) - lastSecond === first ? first : null;
    if (steadyOffsets.size > 100_000) steadyOffsets.clear();
    steadyOffsets.set(key, steady);
  }
  return steady ?? exactPartsIn(instant, timeZone) - second(instant);
}

/** The wall-clock fields of an instant in a zone, as if that wall clock were UTC (milliseconds, whole seconds). */
function partsIn(instant: Date, timeZone: string) {
  const t = instant.getTime();
  return second(t) + offsetOf(t, timeZone);
}

/**
 * The instant at which the clocks of `timeZone` show `date` (YYYY-MM-DD) `time` (HH:MM), or null when that
 * wall time does not exist there (the hour skipped when clocks go forward).
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date | null {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Two passes settle the zone offset, including on days the offset changes.
  let guess = wall - (partsIn(new Date(wall), timeZone) - wall);
  guess = wall - (partsIn(new Date(guess), timeZone) - guess);
  return partsIn(new Date(guess), timeZone) === wall ? new Date(guess) : null;
}

/** "Sat 28 Nov, 18:00" in the given zone. */
export function formatInZone(instant: Date | string, timeZone: string, locale = 'en-GB'): string {
  return new Date(instant).toLocaleString(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The wall clock of an instant in a zone as milliseconds, as if it were UTC: cheap arithmetic on local dates. */
export function wallClockMs(instant: number, timeZone: string): number {
  return second(instant) + offsetOf(instant, timeZone);
}

/** The wall-clock date and time of an instant in a zone: { date: 'YYYY-MM-DD', time: 'HH:MM' }. */
export function wallTimeIn(instant: Date, timeZone: string): { date: string; time: string } {
  const iso = new Date(partsIn(instant, timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** A zone in words for people: "Lisbon time" (the last part of the IANA id), "UTC" for UTC. */
export function cityTime(timeZone: string): string {
  if (timeZone === 'UTC') return 'UTC';
  return `${(timeZone.split('/').at(-1) ?? timeZone).replace(/_/g, ' ')} time`;
}

/**
 * A zone for screens, never a raw IANA id: "Barcelona time" from the city the time belongs to, else the zone's
 * place ("Madrid time", as cityTime), and "UTC" for a city Lokal has no zone for (naming the city would
 * mislead: docs/product.md#availability).
 */
export function zoneInWords(city: string | null | undefined, timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const name = city?.trim();
  return name ? `${name} time` : cityTime(timeZone);
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** The local calendar date (YYYY-MM-DD) of an instant in a zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  return new Date(partsIn(instant, timeZone)).toISOString().slice(0, 10);
}
