import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The guide's tourist list, a page at a time; the first page also carries the dashboard figures. */
export const touristListQuery = (q: string, category: string) =>
  infiniteQueryOptions({
    queryKey: ['guides', 'tourists', q, category],
    queryFn: ({ pageParam }) =>
      api.get('/guides/tourists', {
        query: { q, category: category === 'All' ? undefined : category, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
