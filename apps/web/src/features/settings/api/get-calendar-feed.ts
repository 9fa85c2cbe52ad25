import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Whether the member has a calendar feed (docs/product.md#calendars). */
export const calendarFeedQuery = queryOptions({
  queryKey: ['calendar-feed'],
  queryFn: () => api.get('/calendar-feed'),
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery);
}
