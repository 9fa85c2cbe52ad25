import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { calendarFeedQuery } from './get-calendar-feed.ts';

/** Revokes the feed: its address answers 404 at once. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/calendar-feed'),
    onSuccess: (answer) => queryClient.setQueryData(calendarFeedQuery.queryKey, answer),
  });
}
