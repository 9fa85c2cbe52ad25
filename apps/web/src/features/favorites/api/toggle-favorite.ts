import type { ApiBody } from '@lokal/shared/schemas/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { favoritesQuery } from './get-favorites.ts';

export type FavoriteInput = ApiBody<'POST', '/favorites/add'>;

/** Adds or removes one favorite (POST /api/favorites/add or /remove); both answer the whole list. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ add, ...f }: FavoriteInput & { add: boolean }) => {
      const res = add
        ? await api.post('/favorites/add', { body: f })
        : await api.post('/favorites/remove', {
            body: { profileId: f.profileId, profileType: f.profileType },
          });
      return res.favorites;
    },
    onSuccess: (list) => queryClient.setQueryData(favoritesQuery.queryKey, list),
  });
}
