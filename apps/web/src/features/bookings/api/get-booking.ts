import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bookingsKey } from './get-bookings.ts';

/** One booking (its tourist's or guide's): under the bookings key, so a booking event reads it again. */
export const bookingQuery = (id: string) =>
  queryOptions({
    queryKey: [...bookingsKey, 'one', id],
    queryFn: async () => (await api.get('/bookings/:id', { params: { id } })).booking,
  });
