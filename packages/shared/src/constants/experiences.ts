import { SUPPORTED_CURRENCIES } from './currency.ts';
import { TOUR_TYPES } from './tour-types.ts';

// What a guide sells (docs/product.md#experiences).
export const EXPERIENCE_CATEGORIES = TOUR_TYPES.map((t) => t.name) as [string, ...string[]];
export const EXPERIENCE_STATUSES = ['draft', 'published', 'paused'] as const;
export type ExperienceStatus = (typeof EXPERIENCE_STATUSES)[number];
export const PRICE_MODES = ['person', 'group'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];
export const BOOKING_MODES = ['request', 'instant'] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];
/** Currencies a guide may price in: those Lokal holds a rate for. */
export const PRICE_CURRENCIES = SUPPORTED_CURRENCIES;

export const EXPERIENCE_LIMITS = {
  titleMin: 3,
  titleMax: 80,
  summaryMax: 160,
  descriptionMax: 5000,
  durationMin: 30,
  durationMax: 12 * 60,
  durationStep: 15,
  priceMax: 100_000,
  groupMax: 20,
  listItems: 15,
  listItemMax: 120,
  addressMax: 200,
  photosMax: 8,
  /** Photos an experience needs before it can be published (docs/product.md#experiences). */
  photosToPublish: 3,
  perGuideMax: 30,
} as const;

export const EXPERIENCE_STATUS_LABELS: Record<ExperienceStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  paused: 'Paused',
};

// Availability (docs/product.md#availability).
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
export const AVAILABILITY_LIMITS = {
  rangesPerDay: 4,
  noticeHoursMax: 14 * 24,
  bufferMinutesMax: 240,
  perDayMax: 10,
  exceptionsMax: 200,
} as const;
/** Slots start on the quarter hour. */
export const SLOT_STEP_MINUTES = 15;
/** One slots request covers at most this many days. */
export const SLOTS_MAX_DAYS = 62;

/** A request nobody answered frees its slot after this long (or at its start, if sooner). */
export const REQUEST_TTL_MS = 24 * 60 * 60_000;
/** Open requests (not yet answered) one tourist may hold at once. */
export const PENDING_REQUESTS_MAX = 3;

export const EXPERIENCE_MESSAGES = {
  notFound: 'Experience not found',
  notSlot: 'That time is no longer available. Choose one of the times shown.',
  partySize: (min: number, max: number) =>
    min === max
      ? `This experience is for exactly ${min} ${min === 1 ? 'person' : 'people'}.`
      : `This experience is for ${min} to ${max} people.`,
  tooManyPending: `You already have ${PENDING_REQUESTS_MAX} requests waiting for an answer. Wait for one, or cancel one, before asking again.`,
  notBookable: 'This experience cannot be booked right now.',
  publishNeeds: 'Before publishing, add',
  /** The publish gaps a guide fixes elsewhere (docs/product.md#experiences): the editor links to the place. */
  needsProfilePhoto: 'a profile photo of your own',
  needsHours: 'at least one weekly time range (Availability)',
  expired: 'No answer within 24 hours',
} as const;
