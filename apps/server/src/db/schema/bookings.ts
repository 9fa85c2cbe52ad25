import type { PaymentState } from '@lokal/shared/constants/bookings';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { conversations } from './chat.ts';
import { experiences } from './experiences.ts';
import { users } from './users.ts';

// The same list as packages/shared constants/bookings.ts (drizzle-kit reads this file on its own).
export const BOOKING_STATUSES = ['requested', 'accepted', 'declined', 'cancelled', 'completed'] as const;

/**
 * A tourist's booking of one of a guide's tour types. Requested and accepted bookings hold the guide's time:
 * an exclusion constraint (migration 0005) refuses two that overlap for one guide.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    touristId: uuid('tourist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    /** The experience booked; its title, duration and price are copied below, so the booking outlives edits. */
    experienceId: uuid('experience_id').references(() => experiences.id, { onDelete: 'set null' }),
    tourName: text('tour_name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Price per person in USD when requested (for a group price: the group price ÷ the party). */
    pricePerPerson: integer('price_per_person').notNull(),
    priceMode: text('price_mode', { enum: ['person', 'group'] })
      .notNull()
      .default('person'),
    /** The experience's price in the guide's currency: per person or per group, by `priceMode`. */
    unitPrice: integer('unit_price').notNull().default(0),
    guideCurrency: text('guide_currency').notNull().default('USD'),
    /** What the guide is paid, in the guide's currency. */
    guideTotal: integer('guide_total').notNull().default(0),
    /** The policy in force when the booking was made (docs/product.md#cancellation). */
    cancellationPolicy: text('cancellation_policy', { enum: ['flexible', 'moderate', 'strict'] })
      .notNull()
      .default('flexible'),
    /**
     * Bookings made before the ledger only (payment settle-with-guide): what went back to the tourist, in the
     * guide's currency. Later bookings keep their refund in minor units below (decision 095).
     */
    refundAmount: doublePrecision('refund_amount'),
    /** Where the money stands (docs/product.md#payment); settle-with-guide for bookings made before the ledger. */
    payment: text('payment').$type<PaymentState>().notNull().default('settle-with-guide'),
    // The booking's money in minor units of the guide's currency, computed once by bookingAmounts when it is
    // requested (decision 095); the ledger's journals post these amounts.
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull().default(0),
    serviceFeeMinor: bigint('service_fee_minor', { mode: 'number' }).notNull().default(0),
    /** What the traveller pays, all in: price + service fee. */
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull().default(0),
    commissionMinor: bigint('commission_minor', { mode: 'number' }).notNull().default(0),
    /** The rates in force when it was requested, in basis points. */
    serviceFeeBp: integer('service_fee_bp').notNull().default(0),
    commissionBp: integer('commission_bp').notNull().default(0),
    /** Units of the tourist's currency per unit of the guide's, as used for `travellerTotalMinor`. */
    fxRate: numeric('fx_rate', { precision: 24, scale: 10 }),
    /** The all-in total in the tourist's currency (`currency`), in its minor units. */
    travellerTotalMinor: bigint('traveller_total_minor', { mode: 'number' }).notNull().default(0),
    /** Set on cancellation or release: the share given back (10 000 = all) and the refund, all in. */
    refundShareBp: integer('refund_share_bp'),
    refundMinor: bigint('refund_minor', { mode: 'number' }),
    /** The payment provider that holds this booking's money (decision 095). */
    paymentProvider: text('payment_provider').notNull().default('embedded'),
    /** When the guide's earnings are paid out (24 hours after the end); null when nothing is to be paid. */
    payoutDueAt: timestamp('payout_due_at', { withTimezone: true }),
    /** A request still unanswered at this time frees its slot. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    partySize: integer('party_size').notNull(),
    /** The guide's total in USD at Lokal's rate when requested. */
    totalUsd: integer('total_usd').notNull(),
    /** The tourist's currency and the amount shown to them when they asked. */
    currency: text('currency').notNull().default('USD'),
    totalLocal: integer('total_local').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** The city's IANA time zone the date and time were chosen in. */
    timeZone: text('time_zone').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('requested'),
    /** The calendar event's SEQUENCE: one more on every change of the booking (decision 096). */
    sequence: integer('sequence').notNull().default(0),
    autoAccepted: boolean('auto_accepted').notNull().default(false),
    cancelReason: text('cancel_reason'),
    cancelledBy: uuid('cancelled_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_tourist_idx').on(t.touristId, t.startAt),
    index('bookings_guide_idx').on(t.guideId, t.startAt),
    // A pair's bookings (a conversation row's booking state, contact details shown): one probe, not two scans
    // of the sides' indexes ANDed together.
    index('bookings_pair_idx').on(t.touristId, t.guideId),
    index('bookings_experience_idx').on(t.experienceId),
    index('bookings_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'requested'`),
    // The payout job's due bookings (decision 040).
    index('bookings_payout_due_idx').on(t.payoutDueAt).where(sql`${t.payment} <> 'paid-out'`),
    check('bookings_time_check', sql`${t.endAt} > ${t.startAt}`),
    check('bookings_party_check', sql`${t.partySize} between 1 and 20`),
  ],
);

/** One review per booking and side, 1–5 stars; shown once both wrote or 14 days after completion. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the review becomes visible: both sides wrote, or 14 days passed. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_booking_author_idx').on(t.bookingId, t.authorId),
    index('reviews_subject_idx').on(t.subjectId, t.publishedAt, t.id),
    // What a member wrote: their data export reads it beside what was written about them (decision 043).
    index('reviews_author_idx').on(t.authorId, t.createdAt),
    // The publishing sweep only looks at reviews still waiting.
    index('reviews_waiting_idx').on(t.bookingId).where(sql`${t.publishedAt} is null`),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** In-app notifications (booking changes, verification); pushed live and listed under the bell. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A member's private calendar feed (decision 096): only the SHA-256 of its secret token is stored; one per
 * member, a new one replaces the old, and deleting the row revokes it at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_idx').on(t.tokenHash)],
);

/**
 * A guide's other calendar (decision 096): an ICS address the scheduler fetches every 15 minutes, with the
 * validators of the last answer (ETag, Last-Modified), what the last sync found, and its error in words.
 */
export const calendarImports = pgTable(
  'calendar_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** The last attempt, whatever it gave, and the last one that gave a calendar (or a 304). */
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    eventCount: integer('event_count').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('calendar_imports_guide_idx').on(t.guideId, t.createdAt),
    uniqueIndex('calendar_imports_guide_url_idx').on(t.guideId, t.url),
  ],
);

/** The busy times of the last good copy of an imported calendar, as UTC ranges (replaced on each sync). */
export const calendarBusy = pgTable(
  'calendar_busy',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => calendarImports.id, { onDelete: 'cascade' }),
    guideId: uuid('guide_id').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('calendar_busy_guide_idx').on(t.guideId, t.startAt),
    index('calendar_busy_import_idx').on(t.importId),
  ],
);
