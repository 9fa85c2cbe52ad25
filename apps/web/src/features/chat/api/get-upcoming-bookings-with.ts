import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The member's upcoming bookings with this person: blocking cancels them, so the block dialog lists them
 * (among the soonest 100 upcoming; blocking cancels all of them on the server).
 */
export const upcomingBookingsWithQuery = (otherId: string) =>
  queryOptions({
    queryKey: ['bookings', 'upcoming', 'with', otherId],
    queryFn: async () => {
      const { bookings } = await api.get('/bookings', { query: { scope: 'upcoming', limit: 100 } });
      return bookings.filter((b) => b.tourist.id === otherId || b.guide.id === otherId);
    },
  });
