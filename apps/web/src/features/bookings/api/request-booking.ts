import type { BookingRequest } from '@lokal/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bookingsKey } from './get-bookings.ts';

export function useRequestBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BookingRequest) => (await api.post('/bookings', { body })).booking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}
