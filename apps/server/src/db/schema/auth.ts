import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The beta allow-list; e-mails stored lower-cased. */
export const invites = pgTable(
  'invites',
  {
    email: text('email').primaryKey(),
    source: text('source').notNull().default('config'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The console's invite list, newest first (decision 043).
  (t) => [
    index('invites_created_idx').on(t.createdAt, t.email),
    index('invites_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/** Beta-access requests from the 'Beta Access Only' dialog, for staff. */
export const waitlist = pgTable(
  'waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: ['tourist', 'guide'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The console walks requests newest first and keeps each address's newest (decision 043).
  (t) => [
    index('waitlist_created_idx').on(t.createdAt, t.id),
    index('waitlist_email_idx').on(t.email, t.createdAt, t.id),
  ],
);

/** Magic-link tokens: only the SHA-256 of the token is stored. */
export const loginTokens = pgTable(
  'login_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    role: text('role', { enum: ['tourist', 'guide', 'staff'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_tokens_email_idx').on(t.email)],
);

/** Sessions: only the SHA-256 of the cookie/bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last use, written at most once an hour: a session idle for 14 days ends (docs/product.md#sign-in). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** SMS codes: only a hash of account, phone and code is stored. */
/**
 * Bot-check challenges already answered (docs/product.md#phone-verification): each solved challenge is
 * accepted once, on any instance. A row is kept until its challenge expires, and no longer.
 */
export const botCheckUses = pgTable(
  'bot_check_uses',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bot_check_uses_expires_idx').on(t.expiresAt)],
);

export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('phone_codes_phone_idx').on(t.phone, t.createdAt),
    index('phone_codes_user_idx').on(t.userId),
  ],
);
