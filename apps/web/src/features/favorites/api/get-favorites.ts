import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const favoritesQuery = queryOptions({
  queryKey: ['favorites'],
  queryFn: async () => (await api.get('/favorites')).favorites,
});

export function useFavorites(enabled: boolean) {
  return useQuery({ ...favoritesQuery, enabled });
}
