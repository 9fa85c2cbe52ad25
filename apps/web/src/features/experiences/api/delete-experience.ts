import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { myExperiencesQuery } from './get-my-experiences.ts';

/** Bookings already made on it stay, each with its own copy of the title, price and policy (docs/product.md#experiences). */
export function useDeleteExperience(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/experiences/:id', { params: { id } }),
    // Only the list: the editor still shows the experience until the list opens, and asking for it again would
    // find nothing.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myExperiencesQuery.queryKey }),
  });
}
