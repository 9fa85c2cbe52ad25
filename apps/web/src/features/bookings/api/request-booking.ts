import type { BookingRequest } from '@lokal/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { attemptKeys, keyedRetry } from '../../../lib/attempt-key.ts';
import { bookingsKey } from './get-bookings.ts';
import { slotsKey } from './get-slots.ts';

/**
 * A tourist books a slot; the server prices it. Booked or refused, the experience's slots are read again. Each
 * attempt carries its own Idempotency-Key, so a retry of it never books twice (decision 086).
 */
export function useRequestBooking() {
  const queryClient = useQueryClient();
  const [keys] = useState(attemptKeys);
  return useMutation({
    mutationFn: async (body: BookingRequest) =>
      (await api.post('/bookings', { body, idempotencyKey: keys.keyFor(body) })).booking,
    ...keyedRetry,
    onSuccess: () => {
      keys.done();
      return queryClient.invalidateQueries({ queryKey: bookingsKey });
    },
    onSettled: (_data, _error, body) =>
      queryClient.invalidateQueries({ queryKey: slotsKey(body.experienceId) }),
  });
}
