import type { ChatMessage, Conversation, ConversationList, MessagePage } from '@lokal/shared/schemas/chat';
import type { InfiniteData } from '@tanstack/react-query';

export type MessagesData = InfiniteData<MessagePage, unknown>;

/** Every message held for a conversation, oldest first. */
export function allMessages(data: MessagesData | undefined): ChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((p) => p.messages);
}

export function lastMessageId(data: MessagesData | undefined): number {
  let max = 0;
  for (const p of data?.pages ?? []) for (const m of p.messages) if (m.id > max) max = m.id;
  return max;
}

/**
 * Adds messages that are not held yet to the newest page and refreshes those that are (a read mark):
 * a message that arrives twice — live, on resume, and in the send answer — is shown once.
 */
export function mergeMessages(
  data: MessagesData | undefined,
  incoming: ChatMessage[],
): MessagesData | undefined {
  if (!data || data.pages.length === 0 || incoming.length === 0) return data;
  const byId = new Map(incoming.map((m) => [m.id, m]));
  let changed = false;
  const pages = data.pages.map((p) => ({
    messages: p.messages.map((m) => {
      const next = byId.get(m.id);
      if (!next) return m;
      byId.delete(m.id);
      if (next.readAt === m.readAt && next.body === m.body) return m;
      changed = true;
      return next;
    }),
  }));
  if (byId.size > 0) {
    changed = true;
    const newest = pages[0]!;
    newest.messages = [...newest.messages, ...byId.values()].sort((a, b) => a.id - b.id);
  }
  return changed ? { ...data, pages } : data;
}

/** The other party read this conversation: my messages up to `upTo` carry the read time. */
export function markMineRead(
  data: MessagesData | undefined,
  readerId: string,
  at: string,
  upTo: number,
): MessagesData | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((p) => ({
    messages: p.messages.map((m) => {
      if (m.senderId === readerId || m.readAt || m.id > upTo) return m;
      changed = true;
      return { ...m, readAt: at };
    }),
  }));
  return changed ? { ...data, pages } : data;
}

/** The conversation list as the screens hold it: the pages loaded so far, newest first (decision 043). */
export type ConversationPages = InfiniteData<ConversationList, unknown>;

/** Every conversation loaded, newest first, each once (a conversation that moved up may sit in two pages). */
export function allConversations(data: ConversationPages | undefined): Conversation[] {
  const seen = new Set<string>();
  const out: Conversation[] = [];
  for (const p of data?.pages ?? []) {
    for (const c of p.conversations) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
    }
  }
  return out;
}

/** Changes every loaded copy of the conversations `change` answers for; the same data when none changed. */
export function updateConversations(
  data: ConversationPages | undefined,
  change: (c: Conversation) => Conversation,
): ConversationPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((p) => {
    let pageChanged = false;
    const conversations = p.conversations.map((c) => {
      const next = change(c);
      if (next !== c) pageChanged = true;
      return next;
    });
    if (!pageChanged) return p;
    changed = true;
    return { ...p, conversations };
  });
  return changed ? { ...data, pages } : data;
}

/**
 * A new message moves its conversation to the top of the first page with the message as preview; one from the
 * other party adds to the unread count. Later pages keep their cursors: each names a place in the order, which a
 * conversation moving up does not change. Returns undefined when the conversation is not loaded (fetch again).
 */
export function applyMessageToList(
  data: ConversationPages | undefined,
  message: ChatMessage,
  myId: string,
): ConversationPages | undefined {
  if (!data || data.pages.length === 0) return data;
  const current = data.pages.flatMap((p) => p.conversations).find((c) => c.id === message.conversationId);
  if (!current) return undefined;
  if (current.lastMessage && current.lastMessage.id >= message.id) return data;
  const updated: Conversation = {
    ...current,
    lastMessage: message,
    timestamp: message.createdAt,
    unread: current.unread + (message.senderId === myId ? 0 : 1),
  };
  const pages = data.pages.map((p, i) => {
    const rest = p.conversations.filter((c) => c.id !== current.id);
    if (i === 0) return { ...p, conversations: [updated, ...rest] };
    return rest.length === p.conversations.length ? p : { ...p, conversations: rest };
  });
  return { ...data, pages };
}

export function setOnline(data: ConversationPages | undefined, userId: string, online: boolean) {
  return updateConversations(data, (c) =>
    c.other.id === userId && c.other.online !== online ? { ...c, other: { ...c.other, online } } : c,
  );
}
