import { z } from 'zod';
import {
  AVAILABILITY_LIMITS,
  BOOKING_MODES,
  EXPERIENCE_CATEGORIES,
  EXPERIENCE_STATUSES,
  EXPERIENCE_LIMITS as L,
  PRICE_CURRENCIES,
  PRICE_MODES,
  SLOTS_MAX_DAYS,
  WEEKDAYS,
} from '../constants/experiences.ts';
import { LANGUAGES } from '../constants/onboarding.ts';
import { CANCELLATION_POLICIES } from '../domain/cancellation.ts';
import { daysBetween } from '../domain/slots.ts';
import type { EndpointTable } from './common.ts';
import { withoutContactDetails } from './public-text.ts';

const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-31')
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'Use a real date',
  );
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 09:30');
const listItem = withoutContactDetails(
  z
    .string()
    .trim()
    .min(1, 'Remove the empty line')
    .max(L.listItemMax, `Keep each line under ${L.listItemMax} characters`),
);

// ——— Availability (docs/product.md#availability) ———

export const timeRangeSchema = z
  .object({ start: hhmm, end: hhmm })
  .strict()
  .refine((r) => r.start !== r.end, {
    message: 'A range needs an end different from its start',
    path: ['end'],
  });
const rangesSchema = z
  .array(timeRangeSchema)
  .max(AVAILABILITY_LIMITS.rangesPerDay, `At most ${AVAILABILITY_LIMITS.rangesPerDay} ranges a day`);
export const weeklyScheduleSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, rangesSchema])) as Record<
      (typeof WEEKDAYS)[number],
      typeof rangesSchema
    >,
  )
  .strict();
export const availabilityExceptionSchema = z.discriminatedUnion('kind', [
  z.object({ date: dateSchema, kind: z.literal('blocked') }).strict(),
  z
    .object({
      date: dateSchema,
      kind: z.literal('extra'),
      ranges: rangesSchema.min(1, 'Add the extra hours'),
    })
    .strict(),
]);

/** The guide's availability; the same schema checks the editor and the route. */
export const availabilityInputSchema = z
  .object({
    weekly: weeklyScheduleSchema,
    exceptions: z
      .array(availabilityExceptionSchema)
      .max(AVAILABILITY_LIMITS.exceptionsMax, `At most ${AVAILABILITY_LIMITS.exceptionsMax} exceptions`)
      .refine((list) => new Set(list.map((e) => e.date)).size === list.length, 'One exception per date'),
    noticeHours: z.coerce
      .number()
      .int('Use whole hours')
      .min(0, 'Notice cannot be negative')
      .max(AVAILABILITY_LIMITS.noticeHoursMax, `At most ${AVAILABILITY_LIMITS.noticeHoursMax} hours`),
    bufferMinutes: z.coerce
      .number()
      .int('Use whole minutes')
      .min(0, 'The buffer cannot be negative')
      .max(AVAILABILITY_LIMITS.bufferMinutesMax, `At most ${AVAILABILITY_LIMITS.bufferMinutesMax} minutes`),
    maxPerDay: z.coerce
      .number()
      .int('Use a whole number')
      .min(1, 'At least one tour a day')
      .max(AVAILABILITY_LIMITS.perDayMax, `At most ${AVAILABILITY_LIMITS.perDayMax} tours a day`),
  })
  .strict();
export type AvailabilityInput = z.infer<typeof availabilityInputSchema>;
export const availabilityResponseSchema = z.object({
  availability: availabilityInputSchema.extend({ timeZone: z.string(), city: z.string() }),
});

// ——— Experiences (docs/product.md#experiences) ———

export const meetingPointSchema = z
  .object({
    address: withoutContactDetails(
      z.string().trim().max(L.addressMax, `Keep the address under ${L.addressMax} characters`),
    ),
    lat: z.number().min(-90).max(90).nullable().default(null),
    lng: z.number().min(-180).max(180).nullable().default(null),
  })
  .strict()
  .refine((m) => (m.lat === null) === (m.lng === null), {
    message: 'Give both latitude and longitude, or neither',
    path: ['lng'],
  });

/** What a guide writes; the same schema checks the editor and the route. A draft may lack price and meeting point. */
export const experienceInputSchema = z
  .object({
    title: withoutContactDetails(
      z
        .string()
        .trim()
        .min(L.titleMin, 'Give the experience a title')
        .max(L.titleMax, `Keep the title under ${L.titleMax} characters`),
    ),
    category: z.enum(EXPERIENCE_CATEGORIES, { message: 'Choose a category' }),
    summary: withoutContactDetails(
      z.string().trim().max(L.summaryMax, `Keep the summary under ${L.summaryMax} characters`),
    ).default(''),
    description: withoutContactDetails(
      z.string().trim().max(L.descriptionMax, `Keep the description under ${L.descriptionMax} characters`),
    ).default(''),
    durationMinutes: z.coerce
      .number({ message: 'Choose a duration' })
      .int('Choose a duration')
      .min(L.durationMin, 'At least 30 minutes')
      .max(L.durationMax, 'At most 12 hours')
      .refine((m) => m % L.durationStep === 0, 'Use steps of 15 minutes'),
    priceMode: z.enum(PRICE_MODES),
    price: z.coerce
      .number({ message: 'Set a price' })
      .int('Use a whole amount')
      .min(0, 'The price cannot be negative')
      .max(L.priceMax, `At most ${L.priceMax}`),
    currency: z.enum(PRICE_CURRENCIES, { message: 'Choose a currency' }),
    minGroup: z.coerce
      .number()
      .int()
      .min(1, 'At least one person')
      .max(L.groupMax, `At most ${L.groupMax} people`),
    maxGroup: z.coerce
      .number()
      .int()
      .min(1, 'At least one person')
      .max(L.groupMax, `At most ${L.groupMax} people`),
    languages: z.array(z.enum(LANGUAGES)).min(1, 'Choose at least one language').max(LANGUAGES.length),
    meetingPoint: meetingPointSchema,
    included: z.array(listItem).max(L.listItems, `At most ${L.listItems} lines`).default([]),
    notIncluded: z.array(listItem).max(L.listItems, `At most ${L.listItems} lines`).default([]),
    cancellationPolicy: z.enum(CANCELLATION_POLICIES),
    bookingMode: z.enum(BOOKING_MODES),
  })
  .strict()
  .refine((e) => e.maxGroup >= e.minGroup, {
    message: 'The largest group cannot be smaller than the smallest',
    path: ['maxGroup'],
  });
export type ExperienceInput = z.input<typeof experienceInputSchema>;

export const experienceStatusBodySchema = z.object({ status: z.enum(EXPERIENCE_STATUSES) }).strict();
export const experienceParamsSchema = z.object({ id: z.uuid({ message: 'Unknown experience' }) });
export const experiencePhotoParamsSchema = z.object({
  id: z.uuid({ message: 'Unknown experience' }),
  photoId: z.uuid({ message: 'Unknown photo' }),
});
export const photoOrderSchema = z
  .object({ photoIds: z.array(z.uuid({ message: 'Unknown photo' })).max(L.photosMax) })
  .strict()
  .refine((b) => new Set(b.photoIds).size === b.photoIds.length, 'Each photo once');
export const guideExperiencesParamsSchema = z.object({ id: z.uuid({ message: 'Unknown guide' }) });

const photoSchema = z.object({ id: z.string(), url: z.string() });
const money = z.object({ amount: z.number(), currency: z.string() });

export const experienceSchema = z.object({
  id: z.string(),
  guideId: z.string(),
  title: z.string(),
  category: z.string(),
  summary: z.string(),
  description: z.string(),
  durationMinutes: z.number(),
  priceMode: z.enum(PRICE_MODES),
  price: z.number(),
  currency: z.string(),
  /** The price in the signed-in tourist's currency at Lokal's rate (null when it is the same currency or nobody is signed in). */
  displayPrice: money.nullable(),
  /** What the booking form needs to show the all-in price: the service fee's rate and the rate it converts at. */
  pricing: z.object({ serviceFeeBp: z.number().int(), travellerCurrency: z.string(), rate: z.string() }),
  minGroup: z.number(),
  maxGroup: z.number(),
  languages: z.array(z.string()),
  meetingPoint: z.object({ address: z.string(), lat: z.number().nullable(), lng: z.number().nullable() }),
  included: z.array(z.string()),
  notIncluded: z.array(z.string()),
  photos: z.array(photoSchema),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  policyInWords: z.string(),
  bookingMode: z.enum(BOOKING_MODES),
  status: z.enum(EXPERIENCE_STATUSES),
  rating: z.object({ average: z.number(), count: z.number() }),
  city: z.string(),
  timeZone: z.string(),
  guide: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    image: z.string(),
    city: z.string(),
    verified: z.boolean(),
    rating: z.number(),
    reviews: z.number(),
  }),
  updatedAt: z.string(),
});
export type Experience = z.infer<typeof experienceSchema>;

/** An experience in a list: what a card shows. */
export const experienceCardSchema = experienceSchema
  .pick({
    id: true,
    guideId: true,
    title: true,
    category: true,
    summary: true,
    durationMinutes: true,
    priceMode: true,
    price: true,
    currency: true,
    displayPrice: true,
    minGroup: true,
    maxGroup: true,
    bookingMode: true,
    status: true,
    rating: true,
    updatedAt: true,
  })
  .extend({ photo: z.string().nullable(), photoCount: z.number() });
export type ExperienceCard = z.infer<typeof experienceCardSchema>;

export const experienceResponseSchema = z.object({ experience: experienceSchema });
export const experienceListResponseSchema = z.object({ experiences: z.array(experienceCardSchema) });
export const photoResponseSchema = z.object({ photos: z.array(photoSchema) });

export const slotsQuerySchema = z
  .object({ from: dateSchema, to: dateSchema })
  .refine((q) => q.to >= q.from, { message: 'The end date comes before the start date', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) <= SLOTS_MAX_DAYS, {
    message: `Ask for at most ${SLOTS_MAX_DAYS} days at a time`,
    path: ['to'],
  });
export const slotSchema = z.object({
  start: z.string(),
  end: z.string(),
  date: z.string(),
  time: z.string(),
});
export const slotsResponseSchema = z.object({
  timeZone: z.string(),
  durationMinutes: z.number(),
  slots: z.array(slotSchema),
});
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

/** The experience and availability routes, by method and address under /api. */
export const experiencesEndpoints = {
  'GET /experiences/mine': { response: experienceListResponseSchema },
  'POST /experiences': { body: experienceInputSchema, response: experienceResponseSchema },
  'GET /experiences/:id': { params: experienceParamsSchema, response: experienceResponseSchema },
  'PATCH /experiences/:id': {
    params: experienceParamsSchema,
    body: experienceInputSchema,
    response: experienceResponseSchema,
  },
  'DELETE /experiences/:id': { params: experienceParamsSchema, response: z.object({ ok: z.literal(true) }) },
  'POST /experiences/:id/status': {
    params: experienceParamsSchema,
    body: experienceStatusBodySchema,
    response: experienceResponseSchema,
  },
  'POST /experiences/:id/photos': { params: experienceParamsSchema, response: photoResponseSchema },
  'DELETE /experiences/:id/photos/:photoId': {
    params: experiencePhotoParamsSchema,
    response: photoResponseSchema,
  },
  'PATCH /experiences/:id/photos': {
    params: experienceParamsSchema,
    body: photoOrderSchema,
    response: photoResponseSchema,
  },
  'GET /experiences/:id/slots': {
    params: experienceParamsSchema,
    query: slotsQuerySchema,
    response: slotsResponseSchema,
  },
  'GET /guides/:id/experiences': {
    params: guideExperiencesParamsSchema,
    response: experienceListResponseSchema,
  },
  'GET /availability': { response: availabilityResponseSchema },
  'PATCH /availability': { body: availabilityInputSchema, response: availabilityResponseSchema },
} as const satisfies EndpointTable;
