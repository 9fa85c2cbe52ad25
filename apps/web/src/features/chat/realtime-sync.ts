import type { ServerFrame } from '@lokal/shared/schemas/chat';
import type { QueryClient } from '@tanstack/react-query';
import { realtime } from '../../lib/realtime.ts';
import { conversationKey, conversationQuery } from './api/get-conversation.ts';
import { conversationsQuery } from './api/get-conversations.ts';
import { messagesKey, messagesQuery } from './api/get-messages.ts';
import { unreadQuery } from './api/get-unread.ts';
import { lastMessageId, type MessagesData, markMineRead, mergeMessages, setOnline } from './message-cache.ts';
import { clearOutbox, restoreOutbox, retryFailed, storeMessage } from './outbox.ts';
import { setTyping } from './typing.ts';

const RESUME_PAGE = 100;

/** Conversations whose history this tab holds: on a reconnect each asks for what came after its last id. */
function heldConversations(queryClient: QueryClient): { id: string; data: MessagesData }[] {
  return queryClient
    .getQueriesData<MessagesData>({ queryKey: messagesKey })
    .filter(([, data]) => data)
    .map(([key, data]) => ({ id: String(key[2]), data: data! }));
}

function resume(conversationId: string, after: number) {
  realtime.send({ type: 'resume', conversationId, after });
}

/** Wires the socket's events into the query cache; returns the way to stop. */
export function startChatSync(queryClient: QueryClient, myId: string): () => void {
  const refreshCounts = () => {
    void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: unreadQuery.queryKey });
  };

  const onFrame = (frame: ServerFrame) => {
    switch (frame.type) {
      case 'message': {
        const { message } = frame;
        storeMessage(queryClient, message, myId);
        if (message.senderId !== myId) {
          setTyping(message.conversationId, false);
          queryClient.setQueryData(unreadQuery.queryKey, (n) => (n ?? 0) + 1);
        }
        return;
      }
      case 'history': {
        const key = messagesQuery(frame.conversationId).queryKey;
        queryClient.setQueryData(key, (d) => mergeMessages(d, frame.messages));
        // More than one page was missed: keep asking until nothing is left.
        if (frame.messages.length === RESUME_PAGE) {
          resume(frame.conversationId, lastMessageId(queryClient.getQueryData(key)));
        }
        return;
      }
      case 'read':
        if (frame.readerId !== myId) {
          queryClient.setQueryData(messagesQuery(frame.conversationId).queryKey, (d) =>
            markMineRead(d, frame.readerId, frame.at, frame.upTo),
          );
        }
        return;
      case 'typing':
        setTyping(frame.conversationId, true);
        return;
      case 'presence':
        queryClient.setQueryData(conversationsQuery.queryKey, (l) =>
          setOnline(l, frame.userId, frame.online),
        );
        for (const [key, c] of queryClient.getQueriesData<{ other: { id: string } }>({
          queryKey: conversationKey,
        })) {
          if (c?.other.id === frame.userId) void queryClient.invalidateQueries({ queryKey: key });
        }
        return;
      case 'conversation':
        void queryClient.invalidateQueries({ queryKey: conversationQuery(frame.conversationId).queryKey });
        void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
        return;
      default:
        return;
    }
  };

  const onOpen = (reconnected: boolean) => {
    // Whatever happened while the socket was down, or before it first opened (the screen's data may be older
    // than the socket: read from the page or fetched while it connected): missed messages, read marks, counts
    // and each open conversation's state (a block lifted, a booking made).
    for (const { id, data } of heldConversations(queryClient)) resume(id, lastMessageId(data));
    refreshCounts();
    void queryClient.invalidateQueries({ queryKey: conversationKey });
    if (reconnected) retryFailed(queryClient);
  };

  // Back online: what waited goes out at once over HTTP, without waiting for the socket.
  const onOnline = () => retryFailed(queryClient);

  const offFrame = realtime.onFrame(onFrame);
  const offOpen = realtime.onOpen(onOpen);
  window.addEventListener('online', onOnline);
  realtime.start();
  void restoreOutbox(queryClient, myId);
  return () => {
    offFrame();
    offOpen();
    window.removeEventListener('online', onOnline);
    realtime.stop();
    clearOutbox();
  };
}
