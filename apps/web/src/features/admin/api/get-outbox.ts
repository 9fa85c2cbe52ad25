import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const outboxQuery = queryOptions({
  queryKey: ['admin', 'outbox'],
  queryFn: () => api.get('/admin/outbox'),
  // Retries happen on the server: the list follows them without a reload.
  refetchInterval: 30_000,
  refetchOnWindowFocus: true,
});

export const useOutbox = () => useQuery(outboxQuery);
