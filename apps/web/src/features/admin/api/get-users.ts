import type { Role } from '@lokal/shared/schemas/auth';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Members newest first, a page at a time (decision 043). */
export const usersQuery = (q: string, role: Role | '') =>
  infiniteQueryOptions({
    queryKey: ['admin', 'users', q, role],
    queryFn: ({ pageParam }) =>
      api.get('/admin/users', { query: { q, role: role || undefined, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

export const useUsers = (q: string, role: Role | '') => useInfiniteQuery(usersQuery(q, role));
