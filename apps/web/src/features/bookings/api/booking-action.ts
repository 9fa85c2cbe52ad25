import type { Booking } from '@lokal/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type BookingActionInput = { id: string; action: 'accept' | 'decline' | 'cancel'; reason?: string };

/** Accept, decline (guides) and cancel (both): the server decides whether the step is allowed. */
export function useBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action, reason }: BookingActionInput) =>
      (
        await api.post<{ booking: Booking }>(
          `/bookings/${encodeURIComponent(id)}/${action}`,
          action === 'accept' ? {} : { reason: reason ?? '' },
        )
      ).booking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
