import { wallTimeIn, zonedTimeToInstant } from '@lokal/shared/domain/time-zone';

/** Quiet hours run from 22:00 to 08:00 on the member's clock (docs/product.md#notifications). */
export const QUIET_HOURS = { from: 22, to: 8 } as const;

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * When a push written at `at` may go out under quiet hours in `timeZone`: null when it is not quiet there
 * now, else the next 08:00 on that clock (09:00 on the rare day 08:00 does not exist).
 */
export function quietHoursEnd(at: Date, timeZone: string): Date | null {
  const { date, time } = wallTimeIn(at, timeZone);
  const hour = Number(time.slice(0, 2));
  if (hour >= QUIET_HOURS.to && hour < QUIET_HOURS.from) return null;
  const day = hour >= QUIET_HOURS.from ? nextDay(date) : date;
  const end = (h: number) => zonedTimeToInstant(day, `${String(h).padStart(2, '0')}:00`, timeZone);
  return end(QUIET_HOURS.to) ?? end(QUIET_HOURS.to + 1);
}
