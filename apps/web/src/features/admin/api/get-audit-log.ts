import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every staff action newest first, a page at a time (decision 043). */
export const auditLogQuery = infiniteQueryOptions({
  queryKey: ['admin', 'audit'],
  queryFn: ({ pageParam }) => api.get('/admin/audit', { query: { cursor: pageParam ?? undefined } }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export const useAuditLog = () => useInfiniteQuery(auditLogQuery);
