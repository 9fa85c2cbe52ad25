import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** My notifications, a page at a time; every page carries the unread count of the whole list. */
export const notificationsQuery = infiniteQueryOptions({
  // The socket's 'notification' events invalidate it.
  queryKey: ['notifications'],
  queryFn: ({ pageParam }) => api.get('/notifications', { query: { cursor: pageParam ?? undefined } }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  refetchOnWindowFocus: true,
});
