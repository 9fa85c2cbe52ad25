import type { ApiQueryOf } from '@lokal/shared/schemas/endpoints';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type BookingScope = NonNullable<NonNullable<ApiQueryOf<'GET', '/bookings'>>['scope']>;

/** Every booking list, and what hangs under it: the socket's 'booking' events invalidate it. */
export const bookingsKey = ['bookings'] as const;

/** One scope's bookings, a page at a time in the scope's order. */
export const bookingsQuery = (scope: BookingScope) =>
  infiniteQueryOptions({
    queryKey: [...bookingsKey, scope],
    queryFn: ({ pageParam }) => api.get('/bookings', { query: { scope, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnWindowFocus: true,
  });
