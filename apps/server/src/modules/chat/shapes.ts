import { CHAT_MESSAGES } from '@lokal/shared/constants/chat';
import type { ChatMessage, Conversation } from '@lokal/shared/schemas/chat';
import type { messages } from '../../db/schema/chat.ts';
import type { ConversationListRow } from './conversation-list.ts';

// The chat's answers, each shaped once here from the values read; the route's response schema serializes them
// (docs/decisions/081-answers-shaped-once.md).

export type MessageRow = typeof messages.$inferSelect;

export function toMessage(m: MessageRow): ChatMessage {
  return {
    id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    kind: m.kind,
    bookingId: m.bookingId,
    body: m.body,
    clientId: m.clientId,
    createdAt: m.createdAt.toISOString(),
    readAt: m.readAt ? m.readAt.toISOString() : null,
  };
}

/** What a member with no profile, or a deleted one, shows after the name: no page and the member's face. */
const FACELESS = { slug: null, image: '/api/avatars/member.svg' } as const;

type OtherParty = Omit<Conversation['other'], 'id' | 'role' | 'online'>;

/** The other party as their profile has it; a member with neither profile shows their display name. */
function partyOf(r: ConversationListRow): OtherParty {
  if ('guide' in r && r.guide) {
    const g = r.guide;
    const name = `${g.firstName} ${g.lastName}`;
    return {
      name,
      slug: g.slug,
      image: g.image,
      place: g.city,
      rating: g.rating,
      status: null,
      budget: null,
    };
  }
  if ('tourist' in r && r.tourist) {
    const t = r.tourist;
    return {
      name: `${t.firstName} ${t.lastName}`,
      slug: null,
      image: t.image,
      place: t.country,
      rating: t.rating,
      status: t.status,
      budget: { min: t.budgetMin, max: t.budgetMax, currency: t.currency },
    };
  }
  const name = r.other.displayName ?? 'Lokal member';
  return { name, ...FACELESS, place: '', rating: 0, status: null, budget: null };
}

/**
 * A conversation as `viewerId` sees it in their list (docs/product.md#chat). A deleted member keeps the
 * history but not their name or face (docs/product.md#your-data); a suspended or deleted one is never online
 * and cannot be written to. Someone active since `onlineSince` shows as online.
 */
export function toConversation(r: ConversationListRow, viewerId: string, onlineSince: Date): Conversation {
  const deleted = r.other.deletedAt !== null;
  const unavailable = deleted || r.other.suspendedAt !== null;
  const party = partyOf(r);
  const isGuide = r.guideId === viewerId;
  const m = r.lastMessage;
  return {
    id: r.id,
    other: {
      id: r.other.id,
      role: r.other.role === 'guide' ? 'guide' : 'tourist',
      ...party,
      ...(deleted ? { name: CHAT_MESSAGES.deletedMember, ...FACELESS } : {}),
      online: !unavailable && r.other.lastActiveAt > onlineSince,
    },
    lastMessage: m ? toMessage(m) : null,
    timestamp: (r.lastMessageAt ?? r.createdAt).toISOString(),
    unread: isGuide ? r.guideUnread : r.touristUnread,
    blockedByMe: r.blockedByMe,
    canSend: !r.blockedByMe && !r.blockedByThem && !unavailable,
    detailsShared: r.detailsShared,
    booking:
      r.bookingStatus && r.bookingStartAt && r.bookingTimeZone
        ? {
            state: r.bookingStatus === 'accepted' ? 'booked' : r.bookingStatus,
            startAt: r.bookingStartAt.toISOString(),
            timeZone: r.bookingTimeZone,
          }
        : null,
    // What the traveller's completed bookings paid is the guide's to see alone.
    earnings:
      isGuide && r.earningsAmount !== null && r.earningsCurrency !== null
        ? { amount: r.earningsAmount, currency: r.earningsCurrency }
        : null,
  };
}
