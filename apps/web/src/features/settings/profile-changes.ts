import { PHOTO_LIMITS } from '@lokal/shared/constants/settings';
import {
  type GuideProfileUpdate,
  guideProfileUpdateSchema,
  type TouristProfileUpdate,
  touristProfileUpdateSchema,
  type UpdateCurrency,
  updateCitySchema,
  updateCurrencySchema,
} from '@lokal/shared/schemas/discovery';
import { settingsUpdateSchema } from '@lokal/shared/schemas/settings';
import type { z } from 'zod';

export type Availability = { newGuides: boolean; experiencedGuides: boolean };

/** The tourist's extra fields, as the form holds them (amounts as typed). */
export type TouristDetails = {
  budgetMin: string;
  budgetMax: string;
  budgetCurrency: string;
  interests: string[];
  lookingFor: string[];
  availability: Availability;
  /** The trip, as the date and number fields hold it ('' when not told). */
  travelFrom: string;
  travelTo: string;
  partySize: string;
};

export type ProfileDraft = {
  firstName: string;
  lastName: string;
  city: string;
  currency: string;
  languages: string[];
  bio: string;
  photo: File | null;
  tourist?: TouristDetails;
};

/** One call per owner of the data: the photo upload, settings (name), the profile, city, currency. */
export type ProfileChanges = {
  photo?: File;
  name?: { firstName?: string; lastName?: string };
  profile?: GuideProfileUpdate | TouristProfileUpdate;
  city?: string;
  currency?: UpdateCurrency & { multiplier: number };
};

export type FieldName =
  | 'photo'
  | 'firstName'
  | 'lastName'
  | 'city'
  | 'currency'
  | 'languages'
  | 'bio'
  | 'budget'
  | 'interests'
  | 'lookingFor'
  | 'availability'
  | 'travelFrom'
  | 'travelTo'
  | 'partySize';
export type FieldErrors = Partial<Record<FieldName, string>>;

// zod's own wording ("Too small: expected …") reads like a developer's note; the form says it plainly.
const PLAIN: FieldErrors = {
  city: 'Enter your city (up to 80 characters).',
  currency: 'Choose a currency from the list.',
  bio: 'Keep your bio to 1,000 characters.',
  languages: 'Choose at least one language (up to 12).',
  interests: 'Up to 12 interests of 40 characters each.',
  lookingFor: 'Up to 12 items of 40 characters each.',
  budget: 'Enter whole amounts from 0 to 100,000.',
  travelFrom: 'Pick a date.',
  travelTo: 'Pick a date.',
  partySize: 'Enter how many of you travel (1 to 20).',
};
const isZodDefault = (message: string) => /^(Too (small|big)|Invalid)/.test(message);

function collect(error: z.ZodError, into: FieldErrors) {
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as FieldName;
    if (!field || into[field]) continue;
    into[field] = isZodDefault(issue.message) ? (PLAIN[field] ?? issue.message) : issue.message;
  }
}

export function photoError(file: File): string | null {
  if (!(PHOTO_LIMITS.types as readonly string[]).includes(file.type)) return PHOTO_LIMITS.wrongType;
  if (file.size > PHOTO_LIMITS.maxBytes) return PHOTO_LIMITS.tooLarge;
  return null;
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const amount = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

/**
 * What changed between the values the form opened with and the draft, checked with the same shared
 * schemas the server applies. Only changed fields are sent, so a save never rewrites what it did not touch.
 */
export function profileChanges(
  role: 'tourist' | 'guide',
  initial: ProfileDraft,
  draft: ProfileDraft,
  rates: Record<string, number> | undefined,
): { changes: ProfileChanges; errors: FieldErrors; empty: boolean } {
  const errors: FieldErrors = {};
  const changes: ProfileChanges = {};

  if (draft.photo) {
    const problem = photoError(draft.photo);
    if (problem) errors.photo = problem;
    else changes.photo = draft.photo;
  }

  const name: { firstName?: string; lastName?: string } = {};
  if (draft.firstName.trim() !== initial.firstName.trim()) name.firstName = draft.firstName;
  if (draft.lastName.trim() !== initial.lastName.trim()) name.lastName = draft.lastName;
  if (Object.keys(name).length) {
    const parsed = settingsUpdateSchema.safeParse(name);
    if (parsed.success) changes.name = parsed.data;
    else collect(parsed.error, errors);
  }

  const profile: Record<string, unknown> = {};
  const city = draft.city.trim();
  if (city !== initial.city.trim()) {
    profile.city = city;
    const parsed = updateCitySchema.safeParse({ city });
    if (parsed.success) changes.city = parsed.data.city;
    else collect(parsed.error, errors);
  }
  if (draft.bio.trim() !== initial.bio.trim()) profile.bio = draft.bio;
  if (!sameList(draft.languages, initial.languages)) profile.languages = draft.languages;
  const t = draft.tourist;
  const was = initial.tourist;
  if (role === 'tourist' && t && was) {
    if (t.budgetMin.trim() !== was.budgetMin.trim() || t.budgetMax.trim() !== was.budgetMax.trim()) {
      profile.budget = { min: amount(t.budgetMin), max: amount(t.budgetMax), currency: t.budgetCurrency };
    }
    if (!sameList(t.interests, was.interests)) profile.interests = t.interests;
    if (!sameList(t.lookingFor, was.lookingFor)) profile.lookingFor = t.lookingFor;
    // Both days go together, so the server can check their order.
    if (t.travelFrom !== was.travelFrom || t.travelTo !== was.travelTo) {
      profile.travelFrom = t.travelFrom || null;
      profile.travelTo = t.travelTo || null;
    }
    if (t.partySize.trim() !== was.partySize.trim()) {
      profile.partySize = t.partySize.trim() === '' ? null : amount(t.partySize);
    }
    if (
      t.availability.newGuides !== was.availability.newGuides ||
      t.availability.experiencedGuides !== was.availability.experiencedGuides
    ) {
      profile.availability = t.availability;
    }
  }
  if (Object.keys(profile).length) {
    const parsed = (role === 'guide' ? guideProfileUpdateSchema : touristProfileUpdateSchema).safeParse(
      profile,
    );
    if (parsed.success) changes.profile = parsed.data;
    else collect(parsed.error, errors);
  }

  if (draft.currency !== initial.currency) {
    const multiplier = rates?.[draft.currency];
    if (!multiplier) {
      errors.currency = `The exchange rate for ${draft.currency} is not available right now. Try again later.`;
    } else {
      const parsed = updateCurrencySchema.safeParse({ currency: draft.currency });
      // The rate is shown at once; the server stores its own.
      if (parsed.success) changes.currency = { ...parsed.data, multiplier };
      else collect(parsed.error, errors);
    }
  }

  const empty = Object.keys(changes).length === 0 && Object.keys(errors).length === 0;
  return { changes, errors, empty };
}
