import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every staff action (and operator CLI command): who did what to which object, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The staff user, or null for the operator CLI. */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The console's log pages newest first by (created_at, id) (decision 043).
  (t) => [index('audit_log_created_idx').on(t.createdAt, t.id)],
);

/**
 * The scheduled jobs' turns (apps/server/src/jobs): an instance that takes the advisory lock and finds the
 * job due moves `next_at` on, then runs it; every other instance skips that turn (decision 040).
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  /** What the last run did (rows published, expired, deleted …), for the operator. */
  lastResult: integer('last_result'),
});
