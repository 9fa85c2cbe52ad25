import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setPhotos } from './get-experience.ts';
import { experiencesKey } from './get-my-experiences.ts';

/** Saves the whole order at once: the first photo is the one travellers see on the card. */
export function useReorderExperiencePhotos(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (photoIds: string[]) =>
      (await api.patch('/experiences/:id/photos', { params: { id }, body: { photoIds } })).photos,
    onSuccess: (photos) => setPhotos(queryClient, id, photos),
    onSettled: () => queryClient.invalidateQueries({ queryKey: experiencesKey }),
  });
}
