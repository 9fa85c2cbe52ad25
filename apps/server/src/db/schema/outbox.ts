import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every e-mail the server sends, written before it is sent (decision 085): a worker claims due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease, sends them, and retries with backoff. The body is emptied once the
 * message is sent or given up (a sign-in link carries its token).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'sign-in', 'notification', 'invitation', 'account' … what staff see and what runs once it is sent. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    /** A calendar invitation sent with the message (text/calendar, RFC 5545) and its iTIP method (decision 096). */
    calendar: text('calendar'),
    calendarMethod: text('calendar_method', { enum: ['REQUEST', 'CANCEL'] }),
    /** Without SMTP, the line printed for the developer (a sign-in link). */
    consoleLine: text('console_line'),
    /** What the kind's after-send step needs (a sign-in link's token hash). */
    ref: text('ref'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** A worker holds the row until then; a crashed worker's row is claimed again after it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** When the first try failed; null while nothing failed (sign-in "failing for minutes", decision 085). */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_messages_kind_idx').on(t.kind, t.status, t.createdAt),
  ],
);
