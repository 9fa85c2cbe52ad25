import type { ExperienceInput } from '@lokal/shared/schemas/experiences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { experienceQuery } from './get-experience.ts';
import { experiencesKey } from './get-my-experiences.ts';

export function useUpdateExperience(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ExperienceInput) =>
      (await api.patch('/experiences/:id', { params: { id }, body })).experience,
    onSuccess: async (experience) => {
      queryClient.setQueryData(experienceQuery(id).queryKey, experience);
      await queryClient.invalidateQueries({ queryKey: experiencesKey });
    },
  });
}
