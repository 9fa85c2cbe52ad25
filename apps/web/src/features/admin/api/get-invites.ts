import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The invite list newest first, a page at a time (decision 043). */
export const invitesQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'invites', q],
    queryFn: ({ pageParam }) => api.get('/admin/invites', { query: { q, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

export const useInvites = (q: string) => useInfiniteQuery(invitesQuery(q));
