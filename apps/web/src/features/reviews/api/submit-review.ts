import type { ReviewInput } from '@lokal/shared/schemas/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reviewStateQuery } from './get-review-state.ts';

export function useSubmitReview(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewInput) => api.post('/bookings/:id/review', { params: { id: bookingId }, body }),
    onSuccess: (state) => {
      queryClient.setQueryData(reviewStateQuery(bookingId).queryKey, state);
      // Publishing moves ratings and counts on cards and profiles.
      if (state.mine?.publishedAt) {
        for (const queryKey of [['reviews'], ['profiles'], ['guides']]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }
    },
  });
}
