import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setPhotos } from './get-experience.ts';
import { experiencesKey } from './get-my-experiences.ts';

export function useDeleteExperiencePhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (photoId: string) =>
      (await api.delete('/experiences/:id/photos/:photoId', { params: { id, photoId } })).photos,
    onSuccess: (photos) => setPhotos(queryClient, id, photos),
    onSettled: () => queryClient.invalidateQueries({ queryKey: experiencesKey }),
  });
}
