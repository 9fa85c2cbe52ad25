import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const PAGE_SIZE = 30;

/** Every conversation's history held; the conversation's id follows. */
export const messagesKey = ['chat', 'messages'] as const;

/** Newest page first; each next page goes further back (`before` the oldest id seen). */
export const messagesQuery = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: [...messagesKey, conversationId],
    queryFn: ({ pageParam }) =>
      api.get('/chat/conversations/:id/messages', {
        params: { id: conversationId },
        query: { before: pageParam ?? undefined, limit: PAGE_SIZE },
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.messages.length === PAGE_SIZE ? (last.messages[0]?.id ?? null) : null),
    // The socket appends live messages; a refetch would drop the older pages already loaded.
    staleTime: Number.POSITIVE_INFINITY,
  });
