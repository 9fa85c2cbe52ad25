import { z } from 'zod';
import {
  BOOKING_MESSAGES,
  BOOKING_STATUSES,
  NOTE_MAX,
  PARTY_MAX,
  PAYMENT_STATES,
  REASON_MAX,
} from '../constants/bookings.ts';
import { PRICE_MODES } from '../constants/experiences.ts';
import { CANCELLATION_POLICIES } from '../domain/cancellation.ts';
import { LEDGER_ACCOUNTS, MONEY_EVENTS } from '../domain/ledger.ts';
import type { EndpointTable } from './common.ts';

/** The tourist's request: a slot of an experience. The server alone prices it; the same schema checks the form. */
export const bookingRequestSchema = z
  .object({
    experienceId: z.uuid({ message: 'Choose an experience' }),
    start: z.iso.datetime({ offset: true, message: 'Choose a time' }),
    partySize: z.coerce
      .number({ message: 'How many people?' })
      .int('How many people?')
      .min(1, 'At least one person')
      .max(PARTY_MAX, `At most ${PARTY_MAX} people`),
    note: z.string().trim().max(NOTE_MAX, `Keep the note under ${NOTE_MAX} characters`).default(''),
  })
  .strict();
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

/** Accepting takes no input: any field (an amount, a fee, a rate, a currency) is refused. */
export const bookingAcceptSchema = z.object({}).strict().nullish();

export const bookingListQuerySchema = z.object({
  scope: z.enum(['upcoming', 'past', 'cancelled']).default('upcoming'),
  /** Where the previous page of this scope ended (its nextCursor). */
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const party = z.object({ id: z.string(), name: z.string(), image: z.string() });

/**
 * A booking's money in minor units (docs/product.md#payment), computed by the server alone: amounts in the
 * guide's currency unless named traveller…; commission and net for the guide and staff only (null for the
 * traveller). Null for a booking made before the ledger.
 */
export const bookingMoneySchema = z.object({
  provider: z.string(),
  currency: z.string(),
  price: z.number().int(),
  serviceFee: z.number().int(),
  /** What the traveller pays, all in: price + service fee. */
  total: z.number().int(),
  travellerCurrency: z.string(),
  /** The all-in total in the traveller's currency at `rate`. */
  travellerTotal: z.number().int(),
  /** Units of the traveller's currency per unit of the guide's, as used. */
  rate: z.string(),
  commission: z.number().int().nullable(),
  guideNet: z.number().int().nullable(),
  /** Set when cancelled: what goes back (a request's hold is released whole). */
  refund: z
    .object({
      price: z.number().int(),
      serviceFee: z.number().int(),
      total: z.number().int(),
      travellerTotal: z.number().int(),
    })
    .nullable(),
  /** When the guide's earnings are paid out, until they are. */
  payoutDueAt: z.string().nullable(),
});
export type BookingMoney = z.infer<typeof bookingMoneySchema>;

export const bookingSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  tourName: z.string(),
  durationMinutes: z.number(),
  pricePerPerson: z.number(),
  partySize: z.number(),
  experienceId: z.string().nullable(),
  /** What the guide is paid, in the guide's currency: unit × party (per person) or the group price. */
  priceMode: z.enum(PRICE_MODES),
  unitPrice: z.number(),
  guideCurrency: z.string(),
  guideTotal: z.number(),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  policyInWords: z.string(),
  /** Set when cancelled: what goes back to the tourist, in the guide's currency. */
  refundAmount: z.number().nullable(),
  payment: z.enum(PAYMENT_STATES),
  money: bookingMoneySchema.nullable(),
  /** A request not answered by then frees its slot. */
  expiresAt: z.string().nullable(),
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
export const bookingListResponseSchema = z.object({
  bookings: z.array(bookingSchema),
  /** The next page's cursor (later upcoming, or earlier past, bookings); null on the last page. */
  nextCursor: z.string().nullable(),
});

/** A booking's ledger (decision 095): its journals in posting order, entries in minor units. */
export const bookingJournalsResponseSchema = z.object({
  journals: z.array(
    z.object({
      kind: z.enum(MONEY_EVENTS),
      postedAt: z.string(),
      /** Whether it reverses an earlier journal (a release reverses the authorization). */
      reverses: z.boolean(),
      entries: z.array(
        z.object({ account: z.enum(LEDGER_ACCOUNTS), amount: z.number().int(), currency: z.string() }),
      ),
    }),
  ),
});

/** The booking routes, by method and address under /api. */
export const bookingsEndpoints = {
  'POST /bookings': { body: bookingRequestSchema, response: bookingResponseSchema },
  'GET /bookings': { query: bookingListQuerySchema, response: bookingListResponseSchema },
  'GET /bookings/:id': { params: bookingParamsSchema, response: bookingResponseSchema },
  // Sent without a body; the route refuses one with any field (bookingAcceptSchema).
  'POST /bookings/:id/accept': { params: bookingParamsSchema, response: bookingResponseSchema },
  'GET /bookings/:id/money': { params: bookingParamsSchema, response: bookingJournalsResponseSchema },
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
