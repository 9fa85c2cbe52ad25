import type { ApiQueryOf } from '@lokal/shared/schemas/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type BookingScope = NonNullable<NonNullable<ApiQueryOf<'GET', '/bookings'>>['scope']>;

/** Every booking list, and what hangs under it: the socket's 'booking' events invalidate it. */
export const bookingsKey = ['bookings'] as const;

export const bookingsQuery = (scope: BookingScope) =>
  queryOptions({
    queryKey: [...bookingsKey, scope],
    queryFn: async () => (await api.get('/bookings', { query: { scope } })).bookings,
    refetchOnWindowFocus: true,
  });
