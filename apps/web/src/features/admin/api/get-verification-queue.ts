import type { QueueFilter } from '@lokal/shared/schemas/admin';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Guides waiting for review (all, or those ready to verify), longest waiting first, a page at a time (decision 043). */
export const verificationQueueQuery = (filter: QueueFilter) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'verifications', filter],
    queryFn: ({ pageParam }) =>
      api.get('/admin/verifications', { query: { cursor: pageParam ?? undefined, filter } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnWindowFocus: true,
  });

export const useVerificationQueue = (filter: QueueFilter) => useInfiniteQuery(verificationQueueQuery(filter));
