import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const conversationsQuery = queryOptions({
  queryKey: ['chat', 'conversations'],
  queryFn: () => api.get('/chat/conversations'),
  // Live events keep it current; refetch on focus in case the socket missed something.
  staleTime: 15_000,
  refetchOnWindowFocus: true,
});
