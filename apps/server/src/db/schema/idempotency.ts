import { index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The first answer of a write sent with an `Idempotency-Key`, stored in the write's own transaction so a
 * retry after a crash finds it (decision 086). Kept 24 hours, then removed by the idempotency-cleanup job.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The route's method and pattern, e.g. `POST /api/bookings/:id/accept`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request's params and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: smallint('status').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.route, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
