import { CHAT_MESSAGES } from '@lokal/shared/constants/chat';
import { TRUST_MESSAGES } from '@lokal/shared/constants/trust';
import { MASK_LOOKBACK_MESSAGES, maskAfter, maskContactDetails } from '@lokal/shared/domain/masking';
import { isUuid } from '@lokal/shared/domain/uuid';
import type {
  ChatSend,
  Conversation,
  ConversationList,
  ReportInput,
  ServerFrame,
} from '@lokal/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import {
  createMemoryHitCounter,
  createRateLimiter,
  fixedWindow,
  type HitCounter,
} from '../../plugins/rate-limit.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { type AppContext, perApp } from '../context.ts';
import { decodeCursor, encodeCursor, isPgTimestamp } from '../cursor.ts';
import { ONLINE_WINDOW_MS } from '../discovery/cards.ts';
import { type ContactRule, contactRuleOf } from '../discovery/contact-rule.ts';
import type { ConversationCursor } from './conversation-list.ts';
import { type ChatRepository, createChatRepository } from './repository.ts';
import { toConversation, toMessage } from './shapes.ts';

/** What blocking needs of the bookings module (which itself depends on chat, so it is passed in). */
export type BookingsForBlock = {
  upcoming: (user: SessionUser, otherId: string) => Promise<unknown[]>;
  cancelUpcoming: (user: SessionUser, otherId: string, reason: string) => Promise<unknown>;
};
const SENDS_PER_MINUTE = 30;

const notFound = () => new HttpError(404, 'Conversation not found', 'not-found');

/** The conversation list's cursor, or 400. */
function decodeConversationCursor(raw: string | undefined): ConversationCursor | null {
  return decodeCursor(raw, (c) =>
    isPgTimestamp(c.at) && isUuid(c.id) ? { at: c.at, id: c.id as string } : null,
  );
}

/** One message by id, as clients see it: the realtime bus of several instances sends only ids. */
export function loadChatMessage(db: Db) {
  const repo = createChatRepository(db);
  return async (id: number) => {
    const [m] = await repo.messagesByIds([id]);
    return m ? toMessage(m) : null;
  };
}

export function createChatService(deps: {
  repo: ChatRepository;
  contactRule: Pick<ContactRule, 'assertGuideMayContact'>;
  now: () => number;
  countHit: HitCounter;
  rateLimitScale: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Pushes a frame to these users' open sockets, on every server instance. */
  publish: (to: string[], frame: ServerFrame) => Promise<void>;
  /**
   * Count the send limit's hits in the statement that stores the message (`countHit` is then not asked for
   * sends): where hits are kept in the database, so a message costs one write, not two.
   */
  countHitWithSend?: boolean;
  /**
   * Keep what sending needs to know in memory. Only where one process owns the database (PGlite): every
   * change to blocks and bookings then passes through this process and clears it.
   */
  cacheSendContext?: boolean;
}) {
  const { repo, contactRule, now } = deps;
  const consume = createRateLimiter(deps.countHit, now);
  type SendContext = NonNullable<Awaited<ReturnType<typeof repo.sendContext>>>;
  const contexts = deps.cacheSendContext ? new Map<string, { ctx: SendContext; at: number }>() : null;
  const CONTEXT_TTL_MS = 60_000;

  async function sendContext(conversationId: string, userId: string) {
    const key = `${conversationId}:${userId}`;
    const hit = contexts?.get(key);
    if (hit && now() - hit.at < CONTEXT_TTL_MS) return hit.ctx;
    const ctx = await repo.sendContext(conversationId, userId);
    if (ctx && contexts) {
      if (contexts.size > 50_000) contexts.clear();
      contexts.set(key, { ctx, at: now() });
    }
    return ctx;
  }
  /** A block or a booking changed: what was kept may be wrong now. */
  const forgetContexts = () => contexts?.clear();

  /**
   * A text as the pair may see it: contact details stay hidden until the pair has an accepted or completed
   * booking (docs/product.md#contact-detail-masking).
   */
  const shownAs = (detailsShared: boolean, text: string) => (detailsShared ? text : maskContactDetails(text));

  async function participant(conversationId: string, user: SessionUser) {
    const c = await repo.conversationFor(conversationId, user.id);
    // Someone else's conversation is indistinguishable from one that does not exist.
    if (!c) throw notFound();
    return c;
  }

  /** Who shows as online in a conversation's row: active within the last five minutes. */
  const onlineSince = () => new Date(now() - ONLINE_WINDOW_MS);

  /** A page of the user's conversations, newest first, where the next starts and (guides) the response rate. */
  async function list(
    user: SessionUser,
    query: { cursor?: string; limit: number },
  ): Promise<ConversationList> {
    const cursor = decodeConversationCursor(query.cursor);
    const since = onlineSince();
    const [rows, responseRate] = await Promise.all([
      repo.listFor(user, { limit: query.limit + 1, cursor }),
      user.role === 'guide' ? repo.responseRate(user.id, new Date(now())) : null,
    ]);
    const page = rows.length > query.limit ? rows.slice(0, query.limit) : rows;
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > query.limit && last
        ? encodeCursor({ at: last.cursorAt, id: last.id } satisfies ConversationCursor)
        : null;
    return { conversations: page.map((r) => toConversation(r, user.id, since)), responseRate, nextCursor };
  }

  async function get(user: SessionUser, conversationId: string): Promise<Conversation> {
    const [row] = await repo.listFor(user, { onlyId: conversationId });
    if (!row) throw notFound();
    return toConversation(row, user.id, onlineSince());
  }

  return {
    participant,
    list,
    get,
    forgetContexts,

    async open(user: SessionUser, target: { guideId?: string; touristId?: string }) {
      if (user.role === 'tourist' && target.guideId) {
        // A pair that already talks keeps its conversation; a new one needs a listed guide, as a booking
        // does: hidden, unlisted or staff guides are not found (docs/product.md#hidden-and-unverified-guides).
        const opened =
          (await repo.openWithListedGuide(user.id, target.guideId)) ??
          (await repo.findConversation(user.id, target.guideId));
        if (!opened) throw new HttpError(404, 'Guide not found', 'not-found');
        return opened;
      }
      if (user.role === 'guide' && target.touristId) {
        if (!(await repo.userExists(target.touristId, 'tourist')))
          throw new HttpError(404, 'Tourist not found', 'not-found');
        // The contact rules (docs/product.md#chat) apply to starting a conversation,
        // not to answering a tourist who wrote first.
        const existing = await repo.findConversation(target.touristId, user.id);
        if (existing) return existing;
        await contactRule.assertGuideMayContact(user, target.touristId);
        return repo.openConversation(target.touristId, user.id, user.id);
      }
      throw new HttpError(
        400,
        'Tourists open conversations with a guideId, guides with a touristId',
        'bad-target',
      );
    },

    unreadTotal: (user: SessionUser) => repo.unreadTotal(user.id),
    responseRate: (user: SessionUser) => repo.responseRate(user.id, new Date(now())),

    async setBlocked(user: SessionUser, conversationId: string, blocked: boolean) {
      const c = await participant(conversationId, user);
      const other = c.touristId === user.id ? c.guideId : c.touristId;
      if (blocked) await repo.block(user.id, other);
      else await repo.unblock(user.id, other);
      forgetContexts();
      await deps.publish([c.touristId, c.guideId], { type: 'conversation', conversationId });
      return get(user, conversationId);
    },

    /**
     * Blocks the other party. Upcoming bookings of the pair are cancelled with the blocker as the canceller, but
     * only once the blocker confirmed (`cancelBookings`): until then 409 names how many there are.
     */
    async block(
      user: SessionUser,
      conversationId: string,
      cancelBookings: boolean,
      bookings: BookingsForBlock,
    ) {
      const c = await participant(conversationId, user);
      const other = c.touristId === user.id ? c.guideId : c.touristId;
      const upcoming = await bookings.upcoming(user, other);
      if (upcoming.length > 0 && !cancelBookings) {
        throw new HttpError(409, TRUST_MESSAGES.upcomingBookings(upcoming.length), 'upcoming-bookings');
      }
      await repo.block(user.id, other);
      forgetContexts();
      if (upcoming.length > 0) await bookings.cancelUpcoming(user, other, TRUST_MESSAGES.blockCancelReason);
      await deps.publish([c.touristId, c.guideId], { type: 'conversation', conversationId });
      return get(user, conversationId);
    },

    /** Stored for staff; the reporter decides separately whether to block. */
    async report(user: SessionUser, conversationId: string, input: ReportInput) {
      const c = await participant(conversationId, user);
      return repo.report({
        reporterId: user.id,
        reportedId: c.touristId === user.id ? c.guideId : c.touristId,
        conversationId,
        reason: input.reason,
        details: input.details ?? '',
      });
    },

    async history(
      user: SessionUser,
      conversationId: string,
      opts: { before?: number; after?: number; limit: number },
    ) {
      // One statement that answers only a participant; an empty page asks whether the conversation is theirs.
      const rows = await repo.history(conversationId, opts, user.id);
      if (rows.length === 0) await participant(conversationId, user);
      return rows.map(toMessage);
    },

    /** Stores the message (masked), once per clientId; the caller acknowledges only after this commits. */
    async send(user: SessionUser, body: ChatSend) {
      const ctx = await sendContext(body.conversationId, user.id);
      // Someone else's conversation is indistinguishable from one that does not exist.
      if (!ctx) throw notFound();
      const c = ctx.conversation;
      if (ctx.blocked) throw new HttpError(403, CHAT_MESSAGES.cannotSend, 'blocked');
      if (ctx.unavailable) throw new HttpError(403, CHAT_MESSAGES.memberUnavailable, 'member-unavailable');
      const key = `chat:user:${user.id}`;
      const rule = { limit: SENDS_PER_MINUTE * deps.rateLimitScale, windowMs: 60_000 };
      const window = fixedWindow(now(), rule);
      // Counted in the insert's own statement where hits are kept in the database
      // (docs/decisions/078-database-access.md).
      if (!deps.countHitWithSend) await consume(key, rule);
      // Read with the sender's last messages, so a detail split over several is hidden too
      // (docs/decisions/089-masking-contact-details.md).
      const shown = ctx.detailsShared
        ? body.body
        : maskAfter(await repo.recentBodies(body.conversationId, user.id, MASK_LOOKBACK_MESSAGES), body.body);
      const { message, hits, created } = await repo.send({
        conversationId: body.conversationId,
        senderId: user.id,
        body: shown,
        clientId: body.clientId,
        ...(deps.countHitWithSend ? { hit: { key, windowStart: window.start, limit: rule.limit } } : {}),
      });
      if (!message || (hits !== null && hits > rule.limit)) throw window.tooMany();
      if (message.conversationId !== body.conversationId) {
        throw new HttpError(
          409,
          'This clientId was already used in another conversation',
          'client-id-reused',
        );
      }
      const out = toMessage(message);
      // Pushed only after the insert committed, and only once per clientId. The answer does not wait for the
      // push: the message is stored, and the bus sends the pushes in the order they were asked
      // (docs/decisions/078-database-access.md).
      if (created) {
        deps.publish([c.touristId, c.guideId], { type: 'message', message: out }).catch((err: unknown) => {
          deps.log.error({ err, messageId: out.id }, 'could not push a message');
        });
      }
      return { message: out, created };
    },

    /** A booking change recorded in the pair's conversation, pushed like any message. Idempotent on `key`. */
    async postSystem(input: {
      conversationId: string;
      actorId: string;
      bookingId: string;
      body: string;
      key: string;
    }) {
      const c = await repo.conversationById(input.conversationId);
      if (!c) return null;
      const { message, created } = await repo.send({
        conversationId: input.conversationId,
        senderId: input.actorId,
        body: input.body,
        clientId: input.key,
        kind: 'system',
        bookingId: input.bookingId,
      });
      // Without a hit to count nothing holds the message back.
      if (!message) return null;
      const out = toMessage(message);
      if (created) await deps.publish([c.touristId, c.guideId], { type: 'message', message: out });
      return out;
    },

    /**
     * What a tourist or guide typed for the other (a booking's note, a reason for declining or cancelling), as
     * a chat message sent now would be stored: by the same rule, read fresh rather than from the send cache.
     */
    async maskForPair(touristId: string, guideId: string, text: string) {
      if (!text) return text;
      const c = await repo.findConversation(touristId, guideId);
      const ctx = c ? await repo.sendContext(c.id, touristId) : null;
      return shownAs(ctx?.detailsShared ?? false, text);
    },

    /** The conversation of a pair, created if needed (bookings record their changes there). */
    conversationOf: (touristId: string, guideId: string, startedBy: string) =>
      repo.openConversation(touristId, guideId, startedBy),

    isBlockedBetween: (touristId: string, guideId: string) => repo.isBlockedBetween(touristId, guideId),

    async markRead(user: SessionUser, conversationId: string) {
      const c = await participant(conversationId, user);
      const at = new Date(now());
      const { count, upTo } = await repo.markRead(conversationId, user.id, at);
      if (count > 0) {
        await deps.publish([c.touristId, c.guideId], {
          type: 'read',
          conversationId,
          readerId: user.id,
          at: at.toISOString(),
          upTo,
        });
      }
      return { updated: count };
    },

    /**
     * What a client missed while away: the messages after the last id it saw, and the other party's
     * latest read mark on the client's own messages.
     */
    async resume(user: SessionUser, conversationId: string, after: number, limit: number) {
      const c = await participant(conversationId, user);
      const other = c.touristId === user.id ? c.guideId : c.touristId;
      const [rows, read] = await Promise.all([
        repo.history(conversationId, { after, limit }),
        repo.lastReadOf(conversationId, user.id),
      ]);
      const receipt: ServerFrame | null = read
        ? { type: 'read', conversationId, readerId: other, at: read.readAt.toISOString(), upTo: read.id }
        : null;
      return { messages: rows.map(toMessage), receipt };
    },

    async typing(user: SessionUser, conversationId: string) {
      const c = await participant(conversationId, user);
      const other = c.touristId === user.id ? c.guideId : c.touristId;
      await deps.publish([other], { type: 'typing', conversationId, userId: user.id });
    },

    async presence(user: SessionUser, online: boolean) {
      const partners = await repo.partnersOf(user.id);
      if (partners.length) await deps.publish(partners, { type: 'presence', userId: user.id, online });
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;

/** The one chat service of this app: bookings post into conversations and clear its send cache. */
export const chatServiceOf = perApp((ctx: AppContext) =>
  createChatService({
    repo: createChatRepository(ctx.db),
    contactRule: contactRuleOf(ctx),
    now: ctx.now,
    // PGlite is one process: its send limit is counted in memory, sparing a write per message.
    countHit: ctx.inProcessDb ? createMemoryHitCounter() : ctx.countHit,
    countHitWithSend: !ctx.inProcessDb,
    rateLimitScale: ctx.config.rateLimitScale,
    publish: ctx.publish,
    log: ctx.log,
    cacheSendContext: ctx.inProcessDb,
  }),
);
