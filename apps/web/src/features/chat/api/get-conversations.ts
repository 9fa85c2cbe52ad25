import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * My conversations newest first, a page at a time with the list's cursor (decisions 039 and 043). Live events
 * edit the loaded pages (a new message moves its conversation to the top); refetch on focus in case the socket
 * missed something.
 */
export const conversationsQuery = infiniteQueryOptions({
  queryKey: ['chat', 'conversations'],
  queryFn: ({ pageParam }) => api.get('/chat/conversations', { query: { cursor: pageParam ?? undefined } }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 15_000,
  refetchOnWindowFocus: true,
});
