import { maskContactDetails } from '@lokal/shared/domain/masking';
import type { ChatMessage, ChatSend, Conversation, ServerFrame } from '@lokal/shared/schemas/chat';
import { HttpError } from '../../plugins/errors.ts';
import { createRateLimiter, type HitCounter } from '../../plugins/rate-limit.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import type { DiscoveryService } from '../discovery/service.ts';
import type { ChatRepository, MessageRow } from './repository.ts';

const ONLINE_WINDOW_MS = 5 * 60_000;
const SENDS_PER_MINUTE = 30;

const notFound = () => new HttpError(404, 'Conversation not found', 'not-found');

export function toMessage(m: MessageRow): ChatMessage {
  return {
    id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    body: m.body,
    clientId: m.clientId,
    createdAt: m.createdAt.toISOString(),
    readAt: m.readAt ? m.readAt.toISOString() : null,
  };
}

export function createChatService(deps: {
  repo: ChatRepository;
  discovery: DiscoveryService;
  now: () => number;
  countHit: HitCounter;
  rateLimitScale: number;
  /** Pushes a frame to these users' open sockets, on every server instance. */
  publish: (to: string[], frame: ServerFrame) => Promise<void>;
}) {
  const { repo, discovery, now } = deps;
  const consume = createRateLimiter(deps.countHit, now);

  async function participant(conversationId: string, user: SessionUser) {
    const c = await repo.conversationFor(conversationId, user.id);
    // Someone else's conversation is indistinguishable from one that does not exist.
    if (!c) throw notFound();
    return c;
  }

  return {
    participant,

    async open(user: SessionUser, target: { guideId?: string; touristId?: string }) {
      if (user.role === 'tourist' && target.guideId) {
        if (!(await repo.userExists(target.guideId, 'guide')))
          throw new HttpError(404, 'Guide not found', 'not-found');
        return repo.openConversation(user.id, target.guideId, user.id);
      }
      if (user.role === 'guide' && target.touristId) {
        if (!(await repo.userExists(target.touristId, 'tourist')))
          throw new HttpError(404, 'Tourist not found', 'not-found');
        // The personality-test and verification rules of spec §6.
        await discovery.assertGuideMayContact(user, target.touristId);
        return repo.openConversation(target.touristId, user.id, user.id);
      }
      throw new HttpError(
        400,
        'Tourists open conversations with a guideId, guides with a touristId',
        'bad-target',
      );
    },

    async list(user: SessionUser): Promise<Conversation[]> {
      const rows = await repo.listFor(user.id);
      const others = rows.map((r) =>
        r.conversation.touristId === user.id ? r.conversation.guideId : r.conversation.touristId,
      );
      const [people, lasts] = await Promise.all([
        repo.people(others),
        // node-postgres returns bigint aggregates as strings.
        repo.messagesByIds(
          rows
            .map((r) => r.lastId)
            .filter((id) => id !== null)
            .map(Number),
        ),
      ]);
      const byId = new Map(people.map((p) => [p.user.id, p]));
      const lastById = new Map(lasts.map((m) => [m.id, m]));
      const at = now();
      return rows.map((r, i) => {
        const p = byId.get(others[i]!)!;
        const g = p.guide;
        const t = p.tourist;
        const last = r.lastId !== null ? lastById.get(Number(r.lastId)) : undefined;
        return {
          id: r.conversation.id,
          other: {
            id: p.user.id,
            role: p.user.role === 'guide' ? ('guide' as const) : ('tourist' as const),
            name: g
              ? `${g.firstName} ${g.lastName}`
              : t
                ? `${t.firstName} ${t.lastName}`
                : (p.user.displayName ?? 'Lokal member'),
            image: g?.image ?? t?.image ?? '/api/avatars/member.svg',
            place: g ? g.city : (t?.country ?? ''),
            rating: g?.rating ?? t?.rating ?? 0,
            status: t?.status ?? null,
            budget: t ? { min: t.budgetMin, max: t.budgetMax, currency: t.currency } : null,
            online: at - p.user.lastActiveAt.getTime() < ONLINE_WINDOW_MS,
          },
          lastMessage: last ? toMessage(last) : null,
          timestamp: (r.conversation.lastMessageAt ?? r.conversation.createdAt).toISOString(),
          unread: r.unread,
        };
      });
    },

    async history(
      user: SessionUser,
      conversationId: string,
      opts: { before?: number; after?: number; limit: number },
    ) {
      await participant(conversationId, user);
      return (await repo.history(conversationId, opts)).map(toMessage);
    },

    /** Stores the message (masked), once per clientId; the caller acknowledges only after this commits. */
    async send(user: SessionUser, body: ChatSend) {
      const c = await participant(body.conversationId, user);
      await consume(`chat:user:${user.id}`, {
        limit: SENDS_PER_MINUTE * deps.rateLimitScale,
        windowMs: 60_000,
      });
      const { message, created } = await repo.send({
        conversationId: body.conversationId,
        senderId: user.id,
        // No booking system yet, so contact details are always masked (decision 006).
        body: maskContactDetails(body.body),
        clientId: body.clientId,
      });
      if (message.conversationId !== body.conversationId) {
        throw new HttpError(
          409,
          'This clientId was already used in another conversation',
          'client-id-reused',
        );
      }
      const out = toMessage(message);
      // Pushed only after the insert committed, and only once per clientId.
      if (created) await deps.publish([c.touristId, c.guideId], { type: 'message', message: out });
      return { message: out, created };
    },

    async markRead(user: SessionUser, conversationId: string) {
      const c = await participant(conversationId, user);
      const at = new Date(now());
      const updated = await repo.markRead(conversationId, user.id, at);
      if (updated > 0) {
        await deps.publish([c.touristId, c.guideId], {
          type: 'read',
          conversationId,
          readerId: user.id,
          at: at.toISOString(),
        });
      }
      return { updated };
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
