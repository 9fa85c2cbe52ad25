import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Addresses waiting for an invite, newest request first, a page at a time (decision 043). */
export const waitlistQuery = infiniteQueryOptions({
  queryKey: ['admin', 'waitlist'],
  queryFn: ({ pageParam }) => api.get('/admin/waitlist', { query: { cursor: pageParam ?? undefined } }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export const useWaitlist = () => useInfiniteQuery(waitlistQuery);
