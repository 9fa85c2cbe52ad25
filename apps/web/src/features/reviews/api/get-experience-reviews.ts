import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One experience's published reviews, newest first, a page at a time. */
export const experienceReviewsQuery = (id: string, pageSize = 5) =>
  infiniteQueryOptions({
    queryKey: ['reviews', 'experience', id, pageSize],
    queryFn: ({ pageParam }) =>
      api.get('/experiences/:id/reviews', {
        params: { id },
        query: { limit: pageSize, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
