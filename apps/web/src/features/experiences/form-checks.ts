import {
  type AvailabilityInput,
  availabilityInputSchema,
  type ExperienceInput,
  experienceInputSchema,
} from '@lokal/shared/schemas/experiences';
import type { z } from 'zod';

// The editors' checks: the very schemas the routes apply. This module brings zod with it, so the screens
// load it when a form is first used (lib/on-demand.ts), not with the page.

/** Messages by field, keyed by the field's path: 'title', 'meetingPoint.lng', 'weekly.mon.0.end'. */
export type FieldErrors = Record<string, string>;

// zod's own wording ("Invalid input: expected number") reads like a developer's note; these say it plainly.
const PLAIN: Record<string, string> = {
  minGroup: 'Use a whole number from 1 to 20',
  maxGroup: 'Use a whole number from 1 to 20',
  'meetingPoint.lat': 'Latitude runs from -90 to 90',
  'meetingPoint.lng': 'Longitude runs from -180 to 180',
  languages: 'Choose at least one language',
  noticeHours: 'Use whole hours',
  bufferMinutes: 'Use whole minutes',
  maxPerDay: 'Use a whole number',
};
const isZodDefault = (message: string) => /^(Too (small|big)|Invalid)/.test(message);

export function fieldErrors(error: z.ZodError): FieldErrors {
  const found: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (found[key]) continue;
    found[key] = isZodDefault(issue.message) ? (PLAIN[key] ?? 'Check this field') : issue.message;
  }
  return found;
}

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function checkExperience(input: ExperienceInput): Checked<ExperienceInput> {
  const parsed = experienceInputSchema.safeParse(input);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}

export function checkAvailability(input: AvailabilityInput): Checked<AvailabilityInput> {
  const parsed = availabilityInputSchema.safeParse(input);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
