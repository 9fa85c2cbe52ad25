import { z } from 'zod';
import {
  BOOKING_MESSAGES,
  BOOKING_STATUSES,
  NOTE_MAX,
  PARTY_MAX,
  REASON_MAX,
} from '../constants/bookings.ts';
import type { EndpointTable } from './common.ts';

/** The tourist's request; the same schema checks the booking form and the route. */
export const bookingRequestSchema = z
  .object({
    guideId: z.uuid({ message: 'Unknown guide' }),
    tourName: z.string().trim().min(1, BOOKING_MESSAGES.unknownTour).max(100),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date'),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a start time'),
    partySize: z.coerce
      .number({ message: 'How many people?' })
      .int('How many people?')
      .min(1, 'At least one person')
      .max(PARTY_MAX, `At most ${PARTY_MAX} people`),
    note: z.string().trim().max(NOTE_MAX, `Keep the note under ${NOTE_MAX} characters`).default(''),
  })
  .strict()
  .refine((v) => !Number.isNaN(new Date(`${v.date}T00:00:00Z`).getTime()), {
    message: 'Choose a date',
    path: ['date'],
  });
export type BookingRequest = z.input<typeof bookingRequestSchema>;

export const bookingReasonSchema = z
  .object({ reason: z.string().trim().max(REASON_MAX, `Keep it under ${REASON_MAX} characters`).default('') })
  .strict();
export const cancelSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, BOOKING_MESSAGES.reasonRequired)
      .max(REASON_MAX, `Keep it under ${REASON_MAX} characters`),
  })
  .strict();

export const bookingListQuerySchema = z.object({
  scope: z.enum(['upcoming', 'past']).default('upcoming'),
});

const party = z.object({ id: z.string(), name: z.string(), image: z.string() });

export const bookingSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  tourName: z.string(),
  durationMinutes: z.number(),
  pricePerPerson: z.number(),
  partySize: z.number(),
  totalUsd: z.number(),
  currency: z.string(),
  totalLocal: z.number(),
  startAt: z.string(),
  endAt: z.string(),
  timeZone: z.string(),
  city: z.string(),
  note: z.string(),
  autoAccepted: z.boolean(),
  cancelReason: z.string().nullable(),
  cancelledBy: z.enum(['tourist', 'guide']).nullable(),
  conversationId: z.string().nullable(),
  tourist: party,
  guide: party,
  createdAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingParamsSchema = z.object({ id: z.uuid({ message: 'Unknown booking' }) });
export const bookingResponseSchema = z.object({ booking: bookingSchema });
export const bookingListResponseSchema = z.object({ bookings: z.array(bookingSchema) });

/** The booking routes, by method and address under /api. */
export const bookingsEndpoints = {
  'POST /bookings': { body: bookingRequestSchema, response: bookingResponseSchema },
  'GET /bookings': { query: bookingListQuerySchema, response: bookingListResponseSchema },
  'GET /bookings/:id': { params: bookingParamsSchema, response: bookingResponseSchema },
  'POST /bookings/:id/accept': { params: bookingParamsSchema, response: bookingResponseSchema },
  'POST /bookings/:id/decline': {
    params: bookingParamsSchema,
    body: bookingReasonSchema,
    response: bookingResponseSchema,
  },
  'POST /bookings/:id/cancel': {
    params: bookingParamsSchema,
    body: cancelSchema,
    response: bookingResponseSchema,
  },
} as const satisfies EndpointTable;
