import { type FirstReply, responseFigures } from '@lokal/shared/domain/response-figures';
import { and, asc, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { firstRepliesJson, firstRepliesOf } from '../../db/first-replies.ts';
import { guideVisibleToTravellers } from '../../db/guide-visibility.ts';
import { perShape } from '../../db/prepared.ts';
import { rateLimits } from '../../db/schema/auth.ts';
import { blocks, conversations, messages, reports, unreadCounts } from '../../db/schema/chat.ts';
import { guideProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { activeMember, activeMemberSql } from '../../db/visibility.ts';
import { createConversationList } from './conversation-list.ts';
import type { MessageRow } from './shapes.ts';

type RawMessage = {
  id: string | number;
  conversation_id: string;
  sender_id: string;
  body: string;
  client_id: string;
  kind: 'text' | 'system';
  booking_id: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
};

// node-postgres returns bigint as a string; both drivers may return timestamps as Date or text.
function fromRaw(r: RawMessage): MessageRow {
  return {
    id: Number(r.id),
    conversationId: r.conversation_id,
    senderId: r.sender_id,
    body: r.body,
    clientId: r.client_id,
    kind: r.kind,
    bookingId: r.booking_id,
    createdAt: new Date(r.created_at),
    readAt: r.read_at === null ? null : new Date(r.read_at),
  };
}
export type ConversationRow = typeof conversations.$inferSelect;

export function createChatRepository(db: Db) {
  const list = createConversationList(db);
  // The guide's latest 200 conversations tourists started, with when each side first wrote (kept on the
  // conversation): conversations_guide_asked_idx, no message read.
  const firstRepliesStatement = db
    .select({ replies: firstRepliesJson(sql`${sql.placeholder('guideId')}::uuid`) })
    .from(sql`(select 1) one`)
    .prepare('guide_first_replies');
  // A conversation's history, read on every open of a chat: one prepared statement per shape.
  const historyStatement = perShape((shape) => {
    const [kind, who] = shape.split('-') as ['latest' | 'before' | 'after', 'member' | 'any'];
    const p = sql.placeholder;
    return db
      .select()
      .from(messages)
      .where(
        and(
          sql`${messages.conversationId} = ${p('conversationId')}::uuid`,
          kind === 'after' ? sql`${messages.id} > ${p('after')}::bigint` : undefined,
          kind === 'before' ? sql`${messages.id} < ${p('before')}::bigint` : undefined,
          who === 'member'
            ? sql`exists (select 1 from ${conversations} c where c.id = ${p('conversationId')}::uuid
                and (c.tourist_id = ${p('userId')}::uuid or c.guide_id = ${p('userId')}::uuid))`
            : undefined,
        ),
      )
      .orderBy(kind === 'after' ? asc(messages.id) : desc(messages.id))
      .limit(p('limit'))
      .prepare(`chat_history_${kind}_${who}`);
  });
  // Every screen's badge asks this: the member's stored count (unread_counts, kept by the messages' triggers),
  // one row however many conversations they have. Built once, then only executed.
  const unreadTotalStatement = db
    .select({ n: unreadCounts.n })
    .from(unreadCounts)
    .where(sql`${unreadCounts.userId} = ${sql.placeholder('userId')}::uuid`)
    .prepare('chat_unread_total');
  const messagesStatement = db
    .select()
    .from(messages)
    .where(sql`${messages.id} = any(${sql.placeholder('ids')}::bigint[])`)
    .prepare('messages_by_ids');

  return {
    async userExists(id: string, role: 'tourist' | 'guide'): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.id, id), eq(users.role, role), eq(users.onboardingCompleted, true), activeMember()),
        );
      return rows.length > 0;
    },

    /** The pair's conversation, created on first contact. */
    async openConversation(touristId: string, guideId: string, startedBy: string): Promise<ConversationRow> {
      const [made] = await db
        .insert(conversations)
        .values({ touristId, guideId, startedBy })
        .onConflictDoNothing()
        .returning();
      return made ?? (await this.findConversation(touristId, guideId))!;
    },

    /**
     * A tourist opening the conversation with a guide, in one statement: the pair's own if there is one,
     * else a new one when the guide is listed (docs/product.md#hidden-and-unverified-guides). Null when neither,
     * or when another request made the pair's conversation at the same moment (findConversation then sees it).
     * Every tourist who writes to a guide passes here, most of them at once after a start
     * (docs/decisions/078-database-access.md).
     */
    async openWithListedGuide(touristId: string, guideId: string): Promise<{ id: string } | null> {
      const result = await db.execute(sql`
        with found as (
          select id from ${conversations} where tourist_id = ${touristId} and guide_id = ${guideId}
        ), made as (
          insert into ${conversations} (tourist_id, guide_id, started_by)
          select ${touristId}, ${guideId}, ${touristId}
          where not exists (select 1 from found)
            and exists (
              select 1 from ${users} u join ${guideProfiles} on guide_profiles.user_id = u.id
              where u.id = ${guideId} and u.role = 'guide' and u.onboarding_completed and ${guideVisibleToTravellers})
          on conflict (tourist_id, guide_id) do nothing
          returning id
        )
        select id from found union all select id from made`);
      return (result as unknown as { rows: { id: string }[] }).rows[0] ?? null;
    },

    async findConversation(touristId: string, guideId: string): Promise<ConversationRow | null> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.touristId, touristId), eq(conversations.guideId, guideId)));
      return row ?? null;
    },

    async conversationById(id: string): Promise<ConversationRow | null> {
      const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
      return row ?? null;
    },

    /** The conversation only when this user takes part in it. */
    async conversationFor(id: string, userId: string): Promise<ConversationRow | null> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.id, id),
            or(eq(conversations.touristId, userId), eq(conversations.guideId, userId)),
          ),
        );
      return row ?? null;
    },

    /** A page of the user's conversations (or the one given) as values, newest first. */
    listFor: list.listFor,

    /** Unread messages from others across all of the user's conversations. */
    async unreadTotal(userId: string): Promise<number> {
      const [row] = await unreadTotalStatement.execute({ userId });
      return row?.n ?? 0;
    },

    /** Either of the two blocked the other. */
    async isBlockedBetween(a: string, b: string): Promise<boolean> {
      const rows = await db
        .select({ x: blocks.blockerId })
        .from(blocks)
        .where(
          or(
            and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
            and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async block(blockerId: string, blockedId: string): Promise<void> {
      await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
    },

    async unblock(blockerId: string, blockedId: string): Promise<void> {
      await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
    },

    async report(values: {
      reporterId: string;
      reportedId: string;
      conversationId: string;
      reason: string;
      details: string;
    }): Promise<{ id: string }> {
      const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
      return row!;
    },

    /**
     * The first replies of the guide's most recent conversations that a tourist started: when the tourist first
     * wrote and when the guide first answered (docs/product.md#response-figures). System lines do not count.
     */
    async firstReplies(guideId: string): Promise<FirstReply[]> {
      const [row] = await firstRepliesStatement.execute({ guideId });
      return firstRepliesOf(row?.replies ?? null);
    },

    /** The guide's response rate in percent, or null while too few conversations to measure. */
    async responseRate(guideId: string, now: Date): Promise<number | null> {
      return responseFigures(await this.firstReplies(guideId), now).rate;
    },

    /** The bodies of a member's latest text messages in a conversation, oldest first (masking reads them). */
    async recentBodies(conversationId: string, senderId: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ body: messages.body })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            eq(messages.senderId, senderId),
            eq(messages.kind, 'text'),
          ),
        )
        .orderBy(desc(messages.id))
        .limit(limit);
      return rows.map((r) => r.body).reverse();
    },

    async messagesByIds(ids: number[]): Promise<MessageRow[]> {
      if (ids.length === 0) return [];
      return messagesStatement.execute({ ids });
    },

    /**
     * A page of a conversation's messages in order: the latest, those before an id, or those after one.
     * With `userId`, only when that user takes part (an empty page then also means "not yours": ask
     * conversationFor before saying so).
     */
    async history(
      conversationId: string,
      opts: { before?: number; after?: number; limit: number },
      userId?: string,
    ): Promise<MessageRow[]> {
      const kind = opts.after !== undefined ? 'after' : opts.before ? 'before' : 'latest';
      const rows = await historyStatement(`${kind}-${userId ? 'member' : 'any'}`).execute({
        conversationId,
        limit: opts.limit,
        userId,
        after: opts.after,
        before: opts.before,
      });
      return kind === 'after' ? rows : rows.reverse();
    },

    /**
     * Inserts once per (sender, clientId); a retry returns the message already stored. With `hit`, the same
     * statement counts the sender's hit in the rate limit's window and inserts only while the count is within
     * `limit` (`hits` says how many there were).
     */
    async send(values: {
      conversationId: string;
      senderId: string;
      body: string;
      clientId: string;
      kind?: 'text' | 'system';
      bookingId?: string;
      hit?: { key: string; windowStart: Date; limit: number };
    }): Promise<{ message: MessageRow | null; created: boolean; hits: number | null }> {
      const { hit } = values;
      // One statement (atomic on its own): count the hit, insert, move the conversation's clock, answer. It is
      // the hot path of chat, so one write instead of a transaction of three
      // (docs/decisions/078-database-access.md).
      const result = await db.execute(sql`
        with ${
          hit
            ? sql`hit as (
          insert into ${rateLimits} (key, window_start, hits) values (${hit.key}, ${hit.windowStart.toISOString()}, 1)
          on conflict (key, window_start) do update set hits = rate_limits.hits + 1
          returning hits
        ), `
            : sql``
        }ins as (
          insert into ${messages} (conversation_id, sender_id, body, client_id, kind, booking_id)
          select ${values.conversationId}::uuid, ${values.senderId}::uuid, ${values.body}::text,
            ${values.clientId}::text, ${values.kind ?? 'text'}::text, ${values.bookingId ?? null}::uuid
          ${hit ? sql`where (select hits from hit) <= ${hit.limit}::int` : sql``}
          on conflict (sender_id, client_id) do nothing
          returning *
        ), touched as (
          update ${conversations} set last_message_at = ins.created_at
          from ins where conversations.id = ins.conversation_id
        )
        select ${hit ? sql`(select hits from hit)` : sql`null::int`} as hits, ins.*
        from (select 1) one left join ins on true`);
      const [row] = (result as unknown as { rows: (RawMessage & { hits: number | null })[] }).rows;
      const hits = row?.hits ?? null;
      if (row && row.id !== null) return { message: fromRaw(row), created: true, hits };
      if (hit && hits !== null && hits > hit.limit) return { message: null, created: false, hits };
      // Sent before (a retry): the stored one. Read in a new statement, which sees a concurrent first send.
      const [existing] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.senderId, values.senderId), eq(messages.clientId, values.clientId)));
      return { message: existing!, created: false, hits };
    },

    /** What sending needs to know, in one look-up: the conversation (if the user takes part), blocks, bookings. */
    async sendContext(conversationId: string, userId: string) {
      const [row] = await db
        .select({
          conversation: conversations,
          blocked: sql<boolean>`exists (select 1 from ${blocks} b where (b.blocker_id = conversations.tourist_id and b.blocked_id = conversations.guide_id) or (b.blocker_id = conversations.guide_id and b.blocked_id = conversations.tourist_id))`,
          detailsShared: conversations.detailsShared,
          // The other party was suspended or deleted their account (docs/product.md#staff-actions).
          unavailable: sql<boolean>`exists (select 1 from ${users} u where u.id in (conversations.tourist_id, conversations.guide_id) and not ${activeMemberSql('u')})`,
        })
        .from(conversations)
        .where(
          and(
            eq(conversations.id, conversationId),
            or(eq(conversations.touristId, userId), eq(conversations.guideId, userId)),
          ),
        );
      return row ?? null;
    },

    /** Everyone who shares a conversation with this user (they see the user's presence). */
    async partnersOf(userId: string): Promise<string[]> {
      const rows = await db
        .select({ tourist: conversations.touristId, guide: conversations.guideId })
        .from(conversations)
        .where(or(eq(conversations.touristId, userId), eq(conversations.guideId, userId)));
      return rows.map((r) => (r.tourist === userId ? r.guide : r.tourist));
    },

    /** Marks the other party's unread messages read; answers how many and the highest id marked. */
    async markRead(
      conversationId: string,
      readerId: string,
      at: Date,
    ): Promise<{ count: number; upTo: number }> {
      const rows = await db
        .update(messages)
        .set({ readAt: at })
        .where(
          and(
            eq(messages.conversationId, conversationId),
            ne(messages.senderId, readerId),
            isNull(messages.readAt),
          ),
        )
        .returning({ id: messages.id });
      return { count: rows.length, upTo: rows.reduce((max, r) => Math.max(max, r.id), 0) };
    },

    /** The newest message of this sender that the other party has read, if any. */
    async lastReadOf(conversationId: string, senderId: string) {
      const [row] = await db
        .select({ id: messages.id, readAt: messages.readAt })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            eq(messages.senderId, senderId),
            sql`${messages.readAt} is not null`,
          ),
        )
        .orderBy(desc(messages.id))
        .limit(1);
      return row?.readAt ? { id: row.id, readAt: row.readAt } : null;
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
