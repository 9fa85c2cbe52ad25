import { DISCOVERY_MESSAGES } from '@lokal/shared/constants/discovery';
import type { ApiBody } from '@lokal/shared/schemas/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { favoriteIdsQuery, favoritesListQuery } from './get-favorites.ts';

export type FavoriteInput = ApiBody<'POST', '/favorites/add'>;

/**
 * Adds or removes one favorite (POST /api/favorites/add or /remove) and says so; the hearts and the list then
 * reload. The toast belongs to the mutation, not to the heart that asked: a card replaced while the answer is on
 * its way (new search results) still gets its "Added … to favorites!".
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ add, ...f }: FavoriteInput & { add: boolean }) => {
      const res = add
        ? await api.post('/favorites/add', { body: f })
        : await api.post('/favorites/remove', {
            body: { profileId: f.profileId, profileType: f.profileType },
          });
      return res;
    },
    onSuccess: (_, { add, profileId, profileType, profileName }) => {
      toast.success(
        add ? DISCOVERY_MESSAGES.addedFavorite(profileName) : DISCOVERY_MESSAGES.removedFavorite(profileName),
      );
      // The heart turns at once; the server's answer follows.
      queryClient.setQueryData(favoriteIdsQuery.queryKey, (ids = []) => [
        ...ids.filter((f) => !(f.profileId === profileId && f.profileType === profileType)),
        ...(add ? [{ profileId, profileType }] : []),
      ]);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: favoriteIdsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: favoritesListQuery.queryKey }),
      ]);
    },
    onError: () => toast.error(DISCOVERY_MESSAGES.favoriteFailed),
  });
}
