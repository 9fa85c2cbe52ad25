import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Under ['bookings']: a booking change pushed over the socket refreshes it with the list. */
export const reviewStateQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['bookings', bookingId, 'review'],
    queryFn: () => api.get('/bookings/:id/review', { params: { id: bookingId } }),
    retry: false,
  });

/** Whether I may review this booking, until when, and both sides' reviews as far as they are visible. */
export function useReviewState(bookingId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...reviewStateQuery(bookingId), enabled: options.enabled ?? true });
}
