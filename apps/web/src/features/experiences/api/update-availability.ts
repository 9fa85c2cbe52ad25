import type { AvailabilityInput } from '@lokal/shared/schemas/experiences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { availabilityQuery } from './get-availability.ts';

export function useUpdateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AvailabilityInput) => (await api.patch('/availability', { body })).availability,
    onSuccess: (availability) => queryClient.setQueryData(availabilityQuery.queryKey, availability),
  });
}
