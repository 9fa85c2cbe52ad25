import { CHAT_MESSAGES } from '@lokal/shared/constants/chat';
import type { ChatMessage } from '@lokal/shared/schemas/chat';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { conversationsQuery } from './api/get-conversations.ts';
import { messagesQuery } from './api/get-messages.ts';
import { sendMessage } from './api/send-message.ts';
import { applyMessageToList, mergeMessages } from './message-cache.ts';

/** A message typed here and not yet stored by the server. */
export type PendingMessage = {
  clientId: string;
  conversationId: string;
  body: string;
  createdAt: string;
  status: 'sending' | 'failed';
  error?: string;
  /** A network failure is retried by itself when the connection returns; a refusal is not. */
  retriable?: boolean;
};

// Kept outside React so a message still sending survives leaving the conversation.
const pending = new Map<string, PendingMessage[]>();
const listeners = new Set<() => void>();
const EMPTY: PendingMessage[] = [];

function update(conversationId: string, fn: (list: PendingMessage[]) => PendingMessage[]) {
  const next = fn(pending.get(conversationId) ?? EMPTY);
  if (next.length) pending.set(conversationId, next);
  else pending.delete(conversationId);
  for (const l of listeners) l();
}

function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Puts a stored message where the screens read it: the history and the conversation list. */
export function storeMessage(queryClient: QueryClient, message: ChatMessage) {
  queryClient.setQueryData(messagesQuery(message.conversationId).queryKey, (d) =>
    mergeMessages(d, [message]),
  );
  const list = queryClient.getQueryData(conversationsQuery.queryKey);
  const next = applyMessageToList(list, message, message.senderId);
  if (next) queryClient.setQueryData(conversationsQuery.queryKey, next);
  else if (list) void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
}

async function deliver(queryClient: QueryClient, p: PendingMessage) {
  try {
    const message = await sendMessage({
      conversationId: p.conversationId,
      body: p.body,
      clientId: p.clientId,
    });
    storeMessage(queryClient, message);
    update(p.conversationId, (list) => list.filter((x) => x.clientId !== p.clientId));
  } catch (err) {
    const refused = err instanceof ApiError && err.status < 500;
    update(p.conversationId, (list) =>
      list.map((x) =>
        x.clientId === p.clientId
          ? {
              ...x,
              status: 'failed',
              error: refused ? err.message : CHAT_MESSAGES.sendFailed,
              retriable: !refused || err.status === 429,
            }
          : x,
      ),
    );
  }
}

/** Shows the message at once and sends it; the same clientId on a retry never makes a second one. */
export function queueMessage(queryClient: QueryClient, conversationId: string, body: string) {
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

/** After a reconnect: send again what failed for want of a connection. */
export function retryFailed(queryClient: QueryClient) {
  for (const list of pending.values()) {
    for (const p of list) if (p.status === 'failed' && p.retriable) retryMessage(queryClient, p);
  }
}

/** Drops whatever is still pending (sign-out). */
export function clearOutbox() {
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
