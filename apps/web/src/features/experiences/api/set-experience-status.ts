import type { ExperienceStatus } from '@lokal/shared/constants/experiences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { experienceQuery } from './get-experience.ts';
import { experiencesKey } from './get-my-experiences.ts';

export type StatusChange = { id: string; status: ExperienceStatus };

/** Publish or pause: the server checks what publishing needs and answers 409 with what is missing. */
export function useSetExperienceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: StatusChange) =>
      (await api.post('/experiences/:id/status', { params: { id }, body: { status } })).experience,
    onSuccess: (experience) => queryClient.setQueryData(experienceQuery(experience.id).queryKey, experience),
    onSettled: () => queryClient.invalidateQueries({ queryKey: experiencesKey }),
  });
}
