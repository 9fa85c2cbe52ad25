import type { ExperienceInput } from '@lokal/shared/schemas/experiences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { experienceQuery } from './get-experience.ts';
import { experiencesKey } from './get-my-experiences.ts';

/** A new experience starts as a draft; its editor opens on the answer without asking again. */
export function useCreateExperience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ExperienceInput) => (await api.post('/experiences', { body })).experience,
    onSuccess: async (experience) => {
      queryClient.setQueryData(experienceQuery(experience.id).queryKey, experience);
      await queryClient.invalidateQueries({ queryKey: experiencesKey });
    },
  });
}
