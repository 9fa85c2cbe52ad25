import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { attemptKeys, keyedRetry } from '../../../lib/attempt-key.ts';
import { bookingsKey } from './get-bookings.ts';

export type BookingActionInput = { id: string; action: 'accept' | 'decline' | 'cancel'; reason?: string };

function bookingAction({ id, action, reason = '' }: BookingActionInput, idempotencyKey: string) {
  const params = { id };
  switch (action) {
    case 'accept':
      return api.post('/bookings/:id/accept', { params, idempotencyKey });
    case 'decline':
      return api.post('/bookings/:id/decline', { params, body: { reason }, idempotencyKey });
    case 'cancel':
      return api.post('/bookings/:id/cancel', { params, body: { reason }, idempotencyKey });
  }
}

/**
 * Accept, decline (guides) and cancel (both): the server decides whether the step is allowed. Each attempt
 * carries its own Idempotency-Key, so its retry gets the first answer, not 409 (decision 086).
 */
export function useBookingAction() {
  const queryClient = useQueryClient();
  const [keys] = useState(attemptKeys);
  return useMutation({
    mutationFn: async (input: BookingActionInput) => (await bookingAction(input, keys.keyFor(input))).booking,
    ...keyedRetry,
    onSuccess: () => keys.done(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}
