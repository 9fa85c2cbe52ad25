import type { Booking, BookingRequest } from '@lokal/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function useRequestBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BookingRequest) =>
      (await api.post<{ booking: Booking }>('/bookings', input)).booking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
