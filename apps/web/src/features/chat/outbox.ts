import { CHAT_MESSAGES } from '@lokal/shared/constants/chat';
import type { ChatMessage } from '@lokal/shared/schemas/chat';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { conversationsQuery } from './api/get-conversations.ts';
import { messagesQuery } from './api/get-messages.ts';
import { sendMessage } from './api/send-message.ts';
import { applyMessageToList, mergeMessages } from './message-cache.ts';
import { outboxStore, type PendingMessage } from './outbox-store.ts';

// Kept outside React so a message still sending survives leaving the conversation, and on disk (the
// outbox store) so it survives a reload: until the server has it, under the same clientId.
const pending = new Map<string, PendingMessage[]>();
/** The member whose messages these are (the store keeps each member's apart). */
let owner: string | null = null;
const listeners = new Set<() => void>();
const EMPTY: PendingMessage[] = [];

function update(conversationId: string, fn: (list: PendingMessage[]) => PendingMessage[]) {
  const before = pending.get(conversationId) ?? EMPTY;
  const next = fn(before);
  if (next.length) pending.set(conversationId, next);
  else pending.delete(conversationId);
  for (const l of listeners) l();
  // Mirror the change on disk: what is gone was sent or discarded, what changed is saved again.
  const kept = new Set(next.map((p) => p.clientId));
  for (const p of before) if (!kept.has(p.clientId)) void outboxStore.remove(p.clientId);
  if (owner) for (const p of next) if (!before.includes(p)) void outboxStore.save(owner, p);
}

function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Puts a stored message where the screens read it: the history and the conversation list (a message from the
 * other party, `myId` not its sender, counts as unread there).
 */
export function storeMessage(queryClient: QueryClient, message: ChatMessage, myId = message.senderId) {
  queryClient.setQueryData(messagesQuery(message.conversationId).queryKey, (d) =>
    mergeMessages(d, [message]),
  );
  const list = queryClient.getQueryData(conversationsQuery.queryKey);
  const next = applyMessageToList(list, message, myId);
  if (next) queryClient.setQueryData(conversationsQuery.queryKey, next);
  else if (list) void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
}

const set = (p: PendingMessage, change: Partial<PendingMessage>) =>
  update(p.conversationId, (list) => list.map((x) => (x.clientId === p.clientId ? { ...x, ...change } : x)));

async function deliver(queryClient: QueryClient, p: PendingMessage) {
  // Offline the request can only fail: the message waits, shown as pending, for the 'online' event.
  if (!navigator.onLine) return set(p, { status: 'waiting', error: undefined, retriable: true });
  try {
    const message = await sendMessage({
      conversationId: p.conversationId,
      body: p.body,
      clientId: p.clientId,
    });
    storeMessage(queryClient, message);
    update(p.conversationId, (list) => list.filter((x) => x.clientId !== p.clientId));
  } catch (err) {
    if (!(err instanceof ApiError) && !navigator.onLine) {
      return set(p, { status: 'waiting', error: undefined, retriable: true });
    }
    const refused = err instanceof ApiError && err.status < 500;
    set(p, {
      status: 'failed',
      error: refused ? err.message : CHAT_MESSAGES.sendFailed,
      retriable: !refused || err.status === 429,
    });
  }
}

/** Shows the message at once and sends it; the same clientId on a retry never makes a second one. */
export function queueMessage(queryClient: QueryClient, myId: string, conversationId: string, body: string) {
  owner = myId;
  const p: PendingMessage = {
    clientId: newClientId(),
    conversationId,
    body,
    createdAt: new Date().toISOString(),
    status: 'sending',
  };
  update(conversationId, (list) => [...list, p]);
  void deliver(queryClient, p);
}

export function retryMessage(queryClient: QueryClient, p: PendingMessage) {
  const again = { ...p, status: 'sending' as const, error: undefined };
  update(p.conversationId, (list) => list.map((x) => (x.clientId === p.clientId ? again : x)));
  void deliver(queryClient, again);
}

export function discardMessage(p: PendingMessage) {
  update(p.conversationId, (list) => list.filter((x) => x.clientId !== p.clientId));
}

/** After a reconnect: send again what waited or failed for want of a connection. */
export function retryFailed(queryClient: QueryClient) {
  for (const list of pending.values()) {
    for (const p of list) if (p.status !== 'sending' && p.retriable) retryMessage(queryClient, p);
  }
}

/** After a reload: the member's unsent messages come back on screen and go out (same clientId, never twice). */
export async function restoreOutbox(queryClient: QueryClient, myId: string) {
  owner = myId;
  for (const stored of await outboxStore.load(myId)) {
    if (owner !== myId) return; // signed out meanwhile
    if (pending.get(stored.conversationId)?.some((p) => p.clientId === stored.clientId)) continue;
    const p =
      stored.retriable === false ? stored : { ...stored, status: 'sending' as const, error: undefined };
    update(p.conversationId, (list) => [...list, p]);
    if (p.status === 'sending') void deliver(queryClient, p);
  }
}

/** Drops whatever is still pending, here and on disk (sign-out). */
export function clearOutbox() {
  if (owner) void outboxStore.clear(owner);
  owner = null;
  pending.clear();
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export function usePendingMessages(conversationId: string): PendingMessage[] {
  return useSyncExternalStore(subscribe, () => pending.get(conversationId) ?? EMPTY);
}
