import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Guides waiting for review, longest waiting first, a page at a time (decision 043). */
export const verificationQueueQuery = infiniteQueryOptions({
  queryKey: ['admin', 'verifications'],
  queryFn: ({ pageParam }) => api.get('/admin/verifications', { query: { cursor: pageParam ?? undefined } }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  refetchOnWindowFocus: true,
});

export const useVerificationQueue = () => useInfiniteQuery(verificationQueueQuery);
