import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One conversation per tourist–guide pair. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    touristId: uuid('tourist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who opened it: counts as a contact request for the tourist's figures. */
    startedBy: uuid('started_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /**
     * When each side first wrote a text message (kept by a trigger on messages): a request counts once the guide
     * wrote, it is answered once the tourist did (docs/product.md#tourist-list), read without the messages.
     */
    guideWroteAt: timestamp('guide_wrote_at', { withTimezone: true }),
    touristWroteAt: timestamp('tourist_wrote_at', { withTimezone: true }),
    /**
     * What each side's list shows of the conversation, plain values kept on its row by triggers in the
     * transaction that changes messages or bookings, so a page of the list counts no messages and reads no
     * bookings (docs/decisions/079-read-models.md): each side's unread messages from others,
     */
    touristUnread: integer('tourist_unread').notNull().default(0),
    guideUnread: integer('guide_unread').notNull().default(0),
    /** the pair has an accepted or completed booking (contact details shown, docs/product.md#chat), */
    detailsShared: boolean('details_shared').notNull().default(false),
    /** the pair's booking the row shows: its status, start and the city's time zone (all null before any), */
    bookingStatus: text('booking_status', { enum: ['requested', 'accepted', 'completed'] }),
    bookingStartAt: timestamp('booking_start_at', { withTimezone: true }),
    bookingTimeZone: text('booking_time_zone'),
    /** what the pair's completed bookings paid the guide, in the currency of the latest (null before any), */
    earningsAmount: integer('earnings_amount'),
    earningsCurrency: text('earnings_currency'),
    /** and the id of the last message (the list joins it). */
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.touristId, t.guideId),
    index('conversations_guide_idx').on(t.guideId),
    // Each side's list, newest first, a page at a time (decision 039).
    index('conversations_tourist_recent_idx').on(
      t.touristId,
      sql`coalesce(${t.lastMessageAt}, ${t.createdAt}) desc`,
      t.id.desc(),
    ),
    // The response figures read the guide's latest conversations tourists started, not all of them.
    index('conversations_guide_asked_idx')
      .on(t.guideId, t.createdAt.desc())
      .where(sql`${t.startedBy} = ${t.touristId}`),
    // A tourist's requests: conversations a guide started and wrote in (the tourist's figures).
    index('conversations_tourist_requests_idx')
      .on(t.touristId, t.createdAt, t.touristWroteAt)
      .where(sql`${t.startedBy} = ${t.guideId} and ${t.guideWroteAt} is not null`),
    index('conversations_guide_recent_idx').on(
      t.guideId,
      sql`coalesce(${t.lastMessageAt}, ${t.createdAt}) desc`,
      t.id.desc(),
    ),
  ],
);

/** Messages carry an increasing id, so a client resumes with "everything after the last id I saw". */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** 'system' messages record booking changes in the conversation; they are never masked. */
    kind: text('kind', { enum: ['text', 'system'] })
      .notNull()
      .default('text'),
    bookingId: uuid('booking_id'),
    /** Chosen by the sender's device: a retry with the same id never makes a second message. */
    clientId: text('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_sender_client_idx').on(t.senderId, t.clientId),
    index('messages_conversation_idx').on(t.conversationId, t.id),
    index('messages_unread_idx').on(t.conversationId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Each member's unread messages from others, over all their conversations: what every screen's badge reads, one
 * row instead of a count over every conversation the member has. Kept by statement triggers on messages and
 * conversations (migration 0021), in the transaction that changes them.
 */
export const unreadCounts = pgTable('unread_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  n: integer('n').notNull().default(0),
});

/** A user who blocked another: neither can send in their conversation until it is lifted. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/** A report about another member, kept for staff review. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedId: uuid('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by'),
    resolution: text('resolution'),
  },
  // Each of the console's two report lists pages in its own order (decision 043).
  (t) => [
    index('reports_open_idx').on(t.createdAt, t.id).where(sql`${t.resolvedAt} is null`),
    index('reports_resolved_idx').on(t.resolvedAt, t.id).where(sql`${t.resolvedAt} is not null`),
  ],
);
