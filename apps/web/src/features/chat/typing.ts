import { TYPING_TTL_MS } from '@lokal/shared/constants/chat';
import { useSyncExternalStore } from 'react';

// conversationId → when the other party's last typing signal expires.
const typingUntil = new Map<string, number>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

export function setTyping(conversationId: string, typing: boolean) {
  clearTimeout(timers.get(conversationId));
  if (!typing) {
    if (typingUntil.delete(conversationId)) notify();
    return;
  }
  typingUntil.set(conversationId, Date.now() + TYPING_TTL_MS);
  timers.set(
    conversationId,
    setTimeout(() => setTyping(conversationId, false), TYPING_TTL_MS),
  );
  notify();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** True while the other party is typing in this conversation. */
export function useIsTyping(conversationId: string): boolean {
  return useSyncExternalStore(subscribe, () => typingUntil.has(conversationId));
}
