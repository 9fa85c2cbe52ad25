import type { BookingRequest } from '@lokal/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bookingsKey } from './get-bookings.ts';
import { slotsKey } from './get-slots.ts';

/** A tourist books a slot; the server prices it. Booked or refused, the experience's slots are read again. */
export function useRequestBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BookingRequest) => (await api.post('/bookings', { body })).booking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
    onSettled: (_data, _error, body) =>
      queryClient.invalidateQueries({ queryKey: slotsKey(body.experienceId) }),
  });
}
