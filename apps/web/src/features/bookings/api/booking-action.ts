import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bookingsKey } from './get-bookings.ts';

export type BookingActionInput = { id: string; action: 'accept' | 'decline' | 'cancel'; reason?: string };

function bookingAction({ id, action, reason = '' }: BookingActionInput) {
  const params = { id };
  switch (action) {
    case 'accept':
      return api.post('/bookings/:id/accept', { params });
    case 'decline':
      return api.post('/bookings/:id/decline', { params, body: { reason } });
    case 'cancel':
      return api.post('/bookings/:id/cancel', { params, body: { reason } });
  }
}

/** Accept, decline (guides) and cancel (both): the server decides whether the step is allowed. */
export function useBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BookingActionInput) => (await bookingAction(input)).booking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}
