import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setPhotos } from './get-experience.ts';
import { experiencesKey } from './get-my-experiences.ts';

/** The server checks the file and adds it after the others; the answer is the whole list, in order. */
export function uploadExperiencePhoto(id: string, file: File) {
  const form = new FormData();
  form.append('photo', file);
  return api.upload('/experiences/:id/photos', form, { params: { id } });
}

export function useUploadExperiencePhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => (await uploadExperiencePhoto(id, file)).photos,
    onSuccess: (photos) => setPhotos(queryClient, id, photos),
    onSettled: () => queryClient.invalidateQueries({ queryKey: experiencesKey }),
  });
}
