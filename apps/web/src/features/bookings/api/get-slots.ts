import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every slot of one experience: a booking takes one, so a request invalidates them (docs/product.md#availability). */
export const slotsKey = (experienceId: string) => ['experiences', experienceId, 'slots'] as const;

/** The open start times of an experience between two local dates (YYYY-MM-DD, at most 62 days apart). */
export const slotsQuery = (experienceId: string, from: string, to: string) =>
  queryOptions({
    queryKey: [...slotsKey(experienceId), from, to],
    queryFn: () => api.get('/experiences/:id/slots', { params: { id: experienceId }, query: { from, to } }),
    // Slots go as others book: read again when the tourist comes back to the dialog.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
