import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: ['tourist', 'guide', 'staff'] }).notNull(),
    displayName: text('display_name'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    personalityTestCompleted: boolean('personality_test_completed').notNull().default(false),
    /** E.164, set once verified by SMS on this account. */
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    city: text('city'),
    currency: text('currency').notNull().default('USD'),
    currencyMultiplier: real('currency_multiplier').notNull().default(1),
    /** The member's language (decision 099); null until they sign in with one chosen or choose one. */
    locale: text('locale'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** Settings (docs/product.md#settings). */
    notifyBookings: boolean('notify_bookings').notNull().default(true),
    notifyEmail: boolean('notify_email').notNull().default(true),
    /**
     * The channels of each kind of event (docs/product.md#notifications, decision 098): booking changes use
     * notify_bookings (in the app) and notify_email (e-mail) above, plus push; reminders and review prompts
     * have their own three.
     */
    pushBookings: boolean('push_bookings').notNull().default(true),
    notifyReminders: boolean('notify_reminders').notNull().default(true),
    emailReminders: boolean('email_reminders').notNull().default(true),
    pushReminders: boolean('push_reminders').notNull().default(true),
    notifyReviews: boolean('notify_reviews').notNull().default(true),
    emailReviews: boolean('email_reviews').notNull().default(true),
    pushReviews: boolean('push_reviews').notNull().default(true),
    /** Non-urgent pushes wait from 22:00 to 08:00 in `timeZone` (decision 098). */
    quietHours: boolean('quiet_hours').notNull().default(true),
    /** The member's IANA time zone, from their browser when they turn push on or change quiet hours. */
    timeZone: text('time_zone'),
    /** Guides: accept booking requests from verified tourists without asking (docs/product.md#bookings). */
    autoAcceptBookings: boolean('auto_accept_bookings').notNull().default(false),
    /** Suspended by staff: no session, no sign-in, out of every list (docs/product.md#staff-actions). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** Deleted by its owner: anonymized in place, kept for the other party's records (docs/product.md#your-data). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // E-mails are compared lower-cased; the unique index makes that a database rule.
    uniqueIndex('users_email_lower_idx').using('btree', sql`lower(${t.email})`),
    // A verified phone belongs to one account only.
    uniqueIndex('users_phone_idx').on(t.phone).where(sql`${t.phone} is not null`),
    // The staff's member list, newest first, of every role or one (decision 043).
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_role_created_idx').on(t.role, t.createdAt, t.id),
    // A search that matches few members reads its matches from these instead of walking every member.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`${t.displayName} gin_trgm_ops`),
  ],
);

export type UserRow = typeof users.$inferSelect;
