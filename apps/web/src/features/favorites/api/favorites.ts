import type { Favorite } from '@lokal/shared/schemas/discovery';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type FavoriteKey = { profileId: string; profileType: 'guide' | 'tourist' | 'traveler' };
export type FavoriteInput = FavoriteKey & { profileName: string };

export const favoritesQuery = queryOptions({
  queryKey: ['favorites'],
  queryFn: async () => (await api.get<{ favorites: Favorite[] }>('/favorites')).favorites,
});

export function useFavorites(enabled: boolean) {
  return useQuery({ ...favoritesQuery, enabled });
}

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ add, ...f }: FavoriteInput & { add: boolean }) => {
      const body = add ? f : { profileId: f.profileId, profileType: f.profileType };
      const res = await api.post<{ favorites: Favorite[] }>(
        add ? '/favorites/add' : '/favorites/remove',
        body,
      );
      return res.favorites;
    },
    onSuccess: (list: Favorite[]) => queryClient.setQueryData(favoritesQuery.queryKey, list),
  });
}
