import { CHAT_MESSAGES } from '@lokal/shared/constants/chat';
import { type FirstReply, responseFigures } from '@lokal/shared/domain/response-figures';
import { CONVERSATION_PAGE_SIZE } from '@lokal/shared/schemas/chat';
import { and, asc, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { firstRepliesJson, firstRepliesOf } from '../../db/first-replies.ts';
import { guideVisibleToTravellers } from '../../db/guide-visibility.ts';
import { perShape } from '../../db/prepared.ts';
import { rateLimits } from '../../db/schema/auth.ts';
import { blocks, conversations, messages, reports, unreadCounts } from '../../db/schema/chat.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { activeMember, activeMemberSql } from '../../db/visibility.ts';

/** Where a page of conversations ends: its last row's time (as PostgreSQL wrote it) and id. */
export type ConversationCursor = { at: string; id: string };

export type MessageRow = typeof messages.$inferSelect;

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
  /**
   * A page of the user's conversations (or the one given), newest first, with unread counts and block
   * flags. The page comes from the side's own index (conversations_tourist_recent_idx or _guide_), and
   * each subquery runs for the page's rows only: a page costs the same for 20 or 20,000 (decision 039).
   * One prepared statement per side and kind of page: built once, then only executed.
   */
  type Side = 'tourist' | 'guide' | 'either';
  type Kind = 'one' | 'first' | 'after';
  // A page of the app's own size (and a next row) has statements of its own, that size written in.
  const FIXED = CONVERSATION_PAGE_SIZE + 1;
  const listStatement = perShape((shape) => {
    const [side, kind, size] = shape.split('-') as [Side, Kind, 'fixed' | 'any'];
    const fixed = size === 'fixed' ? FIXED : null;
    return prepareList(side, kind, fixed, `conversation_list_${side}_${kind}${fixed ? `_${fixed}` : ''}`);
  });
  function prepareList(side: Side, kind: Kind, fixedLimit: number | null, name: string) {
    const p = sql.placeholder;
    // The member and the cursor as values of the statement's run, not of its plan (`(select $n)`): a plan
    // made for one member's numbers (20,000 conversations, or none) would look cheaper than the plan made
    // for anyone, and PostgreSQL would plan the statement again on every call (0.6 ms, as long as running
    // it); this way every plan is the same plan, and PostgreSQL keeps the one made for anyone.
    const userId = sql`(select ${p('userId')}::uuid)`;
    const recent = sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;
    // Each side's unread count, kept on the conversation's row (migration 0023).
    const unread =
      side === 'tourist'
        ? sql<number>`conversations.tourist_unread`
        : side === 'guide'
          ? sql<number>`conversations.guide_unread`
          : sql<number>`(case when conversations.tourist_id = ${userId} then conversations.tourist_unread else conversations.guide_unread end)`;
    // A side's own statement knows who the other party is: a plain column, and only their profile's join.
    const other =
      side === 'tourist'
        ? sql`conversations.guide_id`
        : side === 'guide'
          ? sql`conversations.tourist_id`
          : sql`(case when conversations.tourist_id = ${userId} then conversations.guide_id else conversations.tourist_id end)`;
    // The pair's bookings as the row shows them, kept on the conversation by triggers on bookings (migration
    // 0023): whether contact details show, the booking in the row, and (the guide's alone) the earnings.
    const earnings =
      side === 'tourist'
        ? sql<null>`null`
        : side === 'guide'
          ? sql<{ amount: number; currency: string } | null>`conversations.guide_earnings`
          : sql<{
              amount: number;
              currency: string;
            } | null>`(case when conversations.guide_id = ${userId} then conversations.guide_earnings end)`;
    // The other party comes in the same row (joined per row of the page), so a page is one round trip.
    const other_ = alias(users, 'other');
    const otherGuide = alias(guideProfiles, 'other_guide');
    const otherTourist = alias(touristProfiles, 'other_tourist');
    // The page's conversations first, from the side's own index, cut to the page; then each row's parts for
    // those rows only. The app's own page size is written into the statement: for a limit given as a
    // parameter, a plan assumes a tenth of the rows (decision 060).
    const page = sql`(select * from ${conversations} where ${and(
      side === 'tourist'
        ? sql`${conversations.touristId} = ${userId}`
        : side === 'guide'
          ? sql`${conversations.guideId} = ${userId}`
          : sql`(${conversations.touristId} = ${userId} or ${conversations.guideId} = ${userId})`,
      // The other party sees a conversation from its first message, not from a mere open.
      kind === 'one'
        ? sql`${conversations.id} = ${p('onlyId')}::uuid`
        : sql`(${conversations.lastMessageAt} is not null or ${conversations.startedBy} = ${userId})`,
      // One row comparison in the index's own order: the page starts where the last one ended.
      kind === 'after'
        ? sql`(${recent}, ${conversations.id}) < ((select ${p('cursorAt')}::timestamptz), (select ${p('cursorId')}::uuid))`
        : undefined,
    )} order by ${recent} desc, ${conversations.id} desc nulls last limit ${
      fixedLimit === null ? p('limit') : sql.raw(String(fixedLimit))
    }) ${conversations}`;
    // The other party as the row shows them: a deleted member keeps the history but not their name or face
    // (docs/product.md#your-data); a suspended or deleted one is never online and cannot be written to.
    const deleted = sql`${other_.deletedAt} is not null`;
    const unavailable = sql`(${deleted} or ${other_.suspendedAt} is not null)`;
    // The other party from "name" to "budget", kept with their profile (lokal_guide_party, lokal_tourist_party;
    // decision 076); a member with neither profile shows their display name and the member's face.
    // No page and the member's face: what a member with neither profile, or a deleted one, shows after the name.
    const faceless = sql.raw(`',"slug":null,"image":"/api/avatars/member.svg"'`);
    const party = sql`coalesce(${side === 'guide' ? sql`null` : otherGuide.party}, ${side === 'tourist' ? sql`null` : otherTourist.party},
      '"name":' || to_json(coalesce(${other_.displayName}, 'Lokal member'))::text || ${faceless}
      || ',"place":"","rating":0,"status":null,"budget":null')`;
    // The row as the API sends it (conversationSchema's keys, in its order), written by the database as text:
    // the answer is these texts joined (decision 067). Ids are uuids and need no escaping; the last message,
    // the booking and the earnings are kept on the conversation already written (migration 0023). A deleted
    // member's name and face give way to the deleted member's; the rest of their party stays, from ',"place":'
    // on, which no JSON string holds unescaped.
    const wire = sql<string>`'{"id":"' || conversations.id
      || '","other":{"id":"' || ${other_.id}
      || '","role":"' || case when ${other_.role} = 'guide' then 'guide' else 'tourist' end
      || '",' || case when ${deleted} then '"name":' || to_json(${p('deletedName')}::text)::text
          || ${faceless} || substr(${party}, strpos(${party}, ',"place":'))
        else ${party} end
      || ',"online":' || (not ${unavailable} and ${other_.lastActiveAt} > (select ${p('onlineSince')}::timestamptz))::text
      || '},"lastMessage":' || coalesce(conversations.last_message, 'null')
      || ',"timestamp":"' || lokal_iso(${recent})
      || '","unread":' || ${unread}
      || ',"blockedByMe":' || (${other} = any(blocked.by_me))::text
      || ',"canSend":' || (not ${other} = any(blocked.by_me) and not ${other} = any(blocked.by_them)
        and not ${unavailable})::text
      || ',"detailsShared":' || conversations.details_shared::text
      || ',"booking":' || coalesce(conversations.pair_booking::text, 'null')
      || ',"earnings":' || coalesce(${earnings}::text, 'null')
      || '}'`;
    return (
      db
        .select({
          wire,
          id: sql<string>`conversations.id`,
          // Microseconds survive as text: where a page ending here ends.
          cursorAt: sql<string>`${recent}::text`,
        })
        .from(page)
        .innerJoin(other_, sql`${other_.id} = ${other}`)
        .leftJoin(otherGuide, side === 'guide' ? sql`false` : eq(otherGuide.userId, other_.id))
        .leftJoin(otherTourist, side === 'tourist' ? sql`false` : eq(otherTourist.userId, other_.id))
        // The member's blocks read once for the page (most have none), not probed twice per row.
        .innerJoin(
          sql`(select array(select b.blocked_id from ${blocks} b where b.blocker_id = ${userId}) as by_me,
          array(select b.blocker_id from ${blocks} b where b.blocked_id = ${userId}) as by_them) blocked`,
          sql`true`,
        )
        .orderBy(desc(recent), sql`${conversations.id} desc nulls last`)
        .prepare(name)
    );
  }

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
     * Every tourist who writes to a guide passes here, most of them at once after a start (decision 055).
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

    /**
     * A page of the user's conversations (or the one given), newest first, with unread counts and block
     * flags. The page comes from the side's own index (conversations_tourist_recent_idx or _guide_), and
     * each subquery runs for the page's rows only: a page costs the same for 20 or 20,000 (decision 039).
     */
    /**
     * A page of the user's conversations as the API sends them (`wire`, JSON text), with each row's id and
     * where a page ending there ends. A member active since `onlineSince` shows as online.
     */
    async listFor(
      user: { id: string; role: string },
      page: { onlyId: string } | { limit: number; cursor: ConversationCursor | null },
      onlineSince: Date,
    ): Promise<{ wire: string; id: string; cursorAt: string }[]> {
      const kind = 'onlyId' in page ? 'one' : page.cursor ? 'after' : 'first';
      const side = user.role === 'tourist' || user.role === 'guide' ? user.role : 'either';
      const size = 'limit' in page && page.limit === FIXED ? 'fixed' : 'any';
      return listStatement(`${side}-${kind}-${size}`).execute({
        userId: user.id,
        onlineSince: onlineSince.toISOString(),
        deletedName: CHAT_MESSAGES.deletedMember,
        ...('onlyId' in page
          ? { onlyId: page.onlyId, limit: 1 }
          : { limit: page.limit, cursorAt: page.cursor?.at, cursorId: page.cursor?.id }),
      });
    },

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
      // the hot path of chat, so one write instead of a transaction of three (decision 055).
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
