import { type AvailabilityRules, emptyWeek, type WeeklySchedule } from '@lokal/shared/domain/slots';
import { timeZoneForCity } from '@lokal/shared/domain/time-zone';

/** A guide who never saved a schedule starts from these (the editor shows them). */
const DEFAULT_RULES = { noticeHours: 24, bufferMinutes: 30, maxPerDay: 3 };

type StoredRules = { weekly: unknown; noticeHours: number; bufferMinutes: number; maxPerDay: number } | null;
type StoredException = { date: string; kind: 'blocked' | 'extra'; ranges: { start: string; end: string }[] };

/** The rules slots are computed from: what the guide saved, or the defaults, in the city's time zone. */
export function toRules(city: string, rules: StoredRules, exceptions: StoredException[]): AvailabilityRules {
  return {
    timeZone: timeZoneForCity(city),
    weekly: (rules?.weekly as WeeklySchedule | undefined) ?? emptyWeek(),
    exceptions: exceptions.map((e) =>
      e.kind === 'blocked'
        ? { date: e.date, kind: 'blocked' as const }
        : { date: e.date, kind: 'extra' as const, ranges: e.ranges },
    ),
    noticeHours: rules?.noticeHours ?? DEFAULT_RULES.noticeHours,
    bufferMinutes: rules?.bufferMinutes ?? DEFAULT_RULES.bufferMinutes,
    maxPerDay: rules?.maxPerDay ?? DEFAULT_RULES.maxPerDay,
  };
}
