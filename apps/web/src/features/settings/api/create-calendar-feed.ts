import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { calendarFeedQuery } from './get-calendar-feed.ts';

/** A new secret feed address; an older one stops working. Its address is in this answer only. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/calendar-feed'),
    onSuccess: ({ feed }) =>
      queryClient.setQueryData(calendarFeedQuery.queryKey, { feed: { createdAt: feed.createdAt } }),
  });
}
