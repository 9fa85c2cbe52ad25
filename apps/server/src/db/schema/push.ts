import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { users } from './users.ts';

/**
 * A browser's Web Push subscription (decision 098): one per device endpoint, owned by the member signed in on
 * it when it subscribed. Removed when the push service answers 404 or 410 (the subscription has ended).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's address for this browser: unique, it names the device. */
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url) the payload is encrypted to (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** What a push shows: the notification's title and text, and the page a tap opens. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/**
 * Pushes waiting to go out (decision 098): written with the change or reminder that causes them, sent by a
 * worker once due — at once, or held until morning by the member's quiet hours. A row is deleted once tried.
 */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The booking a reminder is about. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** A reminder goes out only while its booking is still in this status (not once it is cancelled). */
    whileStatus: text('while_status'),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** A worker holds the row until then; a crashed worker's row is due again after it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('push_messages_due_idx').on(t.dueAt)],
);

/**
 * Each reminder of a booking, once (decision 098): the row is inserted in the transaction that writes the
 * reminder's notification, e-mail and push, so two instances or a restart never send it twice.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** 'day-before', 'two-hours', 'request-expiring' or 'review-prompt'. */
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.kind] })],
);
