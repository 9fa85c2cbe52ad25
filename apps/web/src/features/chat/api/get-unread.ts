import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const unreadQuery = queryOptions({
  queryKey: ['chat', 'unread'],
  queryFn: async () => (await api.get('/chat/unread')).total,
  staleTime: 15_000,
  refetchOnWindowFocus: true,
});

/** The bottom bar's badge: unread messages across every conversation, kept live by the socket. */
export function useUnreadTotal(): number {
  return useQuery(unreadQuery).data ?? 0;
}
