import type { Booking } from '@lokal/shared/schemas/bookings';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type BookingScope = 'upcoming' | 'past';

export const bookingsQuery = (scope: BookingScope) =>
  queryOptions({
    // The socket's 'booking' events invalidate everything under ['bookings'].
    queryKey: ['bookings', scope],
    queryFn: async () => (await api.get<{ bookings: Booking[] }>('/bookings', { scope })).bookings,
    refetchOnWindowFocus: true,
  });
