import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A guide's published experiences, as cards: what the booking dialog offers (docs/product.md#bookings). */
export const guideExperiencesQuery = (guideId: string) =>
  queryOptions({
    queryKey: ['experiences', 'guide', guideId],
    queryFn: async () => (await api.get('/guides/:id/experiences', { params: { id: guideId } })).experiences,
  });
