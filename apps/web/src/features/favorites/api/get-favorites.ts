import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Which profiles are saved (type and id): the hearts on any card, however many pages the list has. */
export const favoriteIdsQuery = queryOptions({
  queryKey: ['favorites', 'ids'],
  queryFn: async () => (await api.get('/favorites/ids')).favorites,
});

export function useFavoriteIds(enabled: boolean) {
  return useQuery({ ...favoriteIdsQuery, enabled });
}

/** The favorites screen's list, last saved first, a page at a time. */
export const favoritesListQuery = infiniteQueryOptions({
  queryKey: ['favorites', 'list'],
  queryFn: ({ pageParam }) => api.get('/favorites', { query: { cursor: pageParam ?? undefined } }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});
