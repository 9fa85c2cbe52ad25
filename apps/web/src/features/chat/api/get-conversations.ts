import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const conversationsQuery = queryOptions({
  queryKey: ['chat', 'conversations'],
  // The newest 100 (the list's largest page); older conversations are not paged in here yet (decision 039).
  queryFn: () => api.get('/chat/conversations', { query: { limit: 100 } }),
  // Live events keep it current; refetch on focus in case the socket missed something.
  staleTime: 15_000,
  refetchOnWindowFocus: true,
});
