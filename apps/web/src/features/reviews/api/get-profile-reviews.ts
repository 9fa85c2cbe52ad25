import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { experienceReviewsQuery } from './get-experience-reviews.ts';

export type ReviewSubject = 'guide' | 'tourist';

export const profileReviewsQuery = (type: ReviewSubject, id: string, pageSize = 5) =>
  infiniteQueryOptions({
    queryKey: ['reviews', type, id, pageSize],
    queryFn: ({ pageParam }) =>
      api.get('/profiles/:type/:id/reviews', {
        params: { type, id },
        query: { limit: pageSize, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** A profile's published reviews, newest first, a page at a time. */
export function useProfileReviews(
  type: ReviewSubject | 'experience',
  id: string,
  options: { pageSize?: number; enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    ...(type === 'experience'
      ? experienceReviewsQuery(id, options.pageSize)
      : profileReviewsQuery(type, id, options.pageSize)),
    enabled: options.enabled ?? true,
  });
}
