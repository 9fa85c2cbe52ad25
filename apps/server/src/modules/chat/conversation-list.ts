import { CONVERSATION_PAGE_SIZE } from '@lokal/shared/schemas/chat';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { perShape } from '../../db/prepared.ts';
import { blocks, conversations, messages } from '../../db/schema/chat.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import type { AtCursor } from '../cursor.ts';

/** Where a page of conversations ends: its last row's time (as PostgreSQL wrote it) and id. */
export type ConversationCursor = AtCursor;

type Side = 'tourist' | 'guide' | 'either';
type Kind = 'one' | 'first' | 'after';

// The app's own page size (and a next row) is written into statements of its own: for a limit given as a
// parameter, a plan assumes a tenth of the rows (docs/decisions/078-database-access.md).
const FIXED = CONVERSATION_PAGE_SIZE + 1;

// The other party's account and profile are the statement's only users and profiles: joined as the tables
// themselves, not aliases (drizzle reads an alias's columns through a proxy, for every value of every row).
const other_ = users;
const otherGuide = guideProfiles;
const otherTourist = touristProfiles;

type ValueOf<C extends AnyPgColumn> = C['_']['notNull'] extends true ? C['_']['data'] : C['_']['data'] | null;
/** A column of the page's conversations (a subquery of the statement's own), read as that column. */
function fromPage<C extends AnyPgColumn>(column: C): SQL<ValueOf<C>> {
  return sql`${column}`.mapWith(column) as SQL<ValueOf<C>>;
}

// The other party's profile: a traveller's list has guides only, a guide's travellers only.
const guideParty = {
  userId: otherGuide.userId,
  firstName: otherGuide.firstName,
  lastName: otherGuide.lastName,
  slug: otherGuide.slug,
  image: otherGuide.image,
  city: otherGuide.city,
  rating: otherGuide.rating,
};
const touristParty = {
  userId: otherTourist.userId,
  firstName: otherTourist.firstName,
  lastName: otherTourist.lastName,
  image: otherTourist.image,
  country: otherTourist.country,
  rating: otherTourist.rating,
  status: otherTourist.status,
  budgetMin: otherTourist.budgetMin,
  budgetMax: otherTourist.budgetMax,
  currency: otherTourist.currency,
};

/**
 * A conversation row's values: the conversation with its kept state (docs/decisions/079-read-models.md), the
 * other party's account and profile, the pair's blocks and the last message. Shaped by toConversation().
 */
function rowColumns(side: Side, other: ReturnType<typeof sql>) {
  const common = {
    id: fromPage(conversations.id),
    touristId: fromPage(conversations.touristId),
    guideId: fromPage(conversations.guideId),
    createdAt: fromPage(conversations.createdAt),
    lastMessageAt: fromPage(conversations.lastMessageAt),
    // Microseconds survive as text: where a page ending here ends.
    cursorAt: sql<string>`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})::text`,
    touristUnread: fromPage(conversations.touristUnread),
    guideUnread: fromPage(conversations.guideUnread),
    detailsShared: fromPage(conversations.detailsShared),
    bookingStatus: fromPage(conversations.bookingStatus),
    bookingStartAt: fromPage(conversations.bookingStartAt),
    bookingTimeZone: fromPage(conversations.bookingTimeZone),
    earningsAmount: fromPage(conversations.earningsAmount),
    earningsCurrency: fromPage(conversations.earningsCurrency),
    blockedByMe: sql<boolean>`(${other} = any(blocked.by_me))`,
    blockedByThem: sql<boolean>`(${other} = any(blocked.by_them))`,
    other: {
      id: other_.id,
      role: other_.role,
      displayName: other_.displayName,
      lastActiveAt: other_.lastActiveAt,
      suspendedAt: other_.suspendedAt,
      deletedAt: other_.deletedAt,
    },
    lastMessage: {
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      body: messages.body,
      clientId: messages.clientId,
      kind: messages.kind,
      bookingId: messages.bookingId,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
    },
  };
  if (side === 'tourist') return { ...common, guide: guideParty };
  if (side === 'guide') return { ...common, tourist: touristParty };
  return { ...common, guide: guideParty, tourist: touristParty };
}

export function createConversationList(db: Db) {
  /**
   * A page of the user's conversations (or the one given), newest first. The page comes from the side's own
   * index (conversations_tourist_recent_idx or _guide_), and each row's parts are joined for the page's rows
   * only: a page costs the same for 20 or 20,000 conversations (decision 039), in one round trip.
   */
  function prepareList(side: Side, kind: Kind, fixedLimit: number | null) {
    const p = sql.placeholder;
    // The member and the cursor as values of the statement's run, not of its plan (`(select $n)`): PostgreSQL
    // then keeps the one plan made for anyone rather than planning again for each member's numbers.
    const userId = sql`(select ${p('userId')}::uuid)`;
    const recent = sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;
    // A side's own statement knows who the other party is: a plain column, and only their profile's join.
    const other =
      side === 'tourist'
        ? sql`${conversations.guideId}`
        : side === 'guide'
          ? sql`${conversations.touristId}`
          : sql`(case when ${conversations.touristId} = ${userId} then ${conversations.guideId} else ${conversations.touristId} end)`;
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
    const name = `conversation_list_${side}_${kind}${fixedLimit ? `_${fixedLimit}` : ''}`;
    return (
      db
        .select(rowColumns(side, other))
        .from(page)
        .innerJoin(other_, sql`${other_.id} = ${other}`)
        .leftJoin(otherGuide, side === 'guide' ? sql`false` : eq(otherGuide.userId, other_.id))
        .leftJoin(otherTourist, side === 'tourist' ? sql`false` : eq(otherTourist.userId, other_.id))
        // The last message by its key, for the page's rows only (the page is a limited subquery).
        .leftJoin(messages, eq(messages.id, conversations.lastMessageId))
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
  // One prepared statement per side and kind of page: built the first time it is asked, then only executed.
  const statement = perShape((shape) => {
    const [side, kind, size] = shape.split('-') as [Side, Kind, 'fixed' | 'any'];
    return prepareList(side, kind, size === 'fixed' ? FIXED : null);
  });

  return {
    /** A page of the user's conversations as values, each with where a page ending there ends. */
    listFor(
      user: { id: string; role: string },
      page: { onlyId: string } | { limit: number; cursor: ConversationCursor | null },
    ) {
      const kind = 'onlyId' in page ? 'one' : page.cursor ? 'after' : 'first';
      const side = user.role === 'tourist' || user.role === 'guide' ? user.role : 'either';
      const size = 'limit' in page && page.limit === FIXED ? 'fixed' : 'any';
      return statement(`${side}-${kind}-${size}`).execute({
        userId: user.id,
        ...('onlyId' in page
          ? { onlyId: page.onlyId, limit: 1 }
          : { limit: page.limit, cursorAt: page.cursor?.at, cursorId: page.cursor?.id }),
      });
    },
  };
}

export type ConversationListRow = Awaited<
  ReturnType<ReturnType<typeof createConversationList>['listFor']>
>[number];
