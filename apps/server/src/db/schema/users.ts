import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: ['tourist', 'guide', 'staff'] }).notNull(),
    displayName: text('display_name'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    personalityTestCompleted: boolean('personality_test_completed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // E-mails are compared lower-cased; the unique index makes that a database rule.
    uniqueIndex('users_email_lower_idx').using('btree', sql`lower(${t.email})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
