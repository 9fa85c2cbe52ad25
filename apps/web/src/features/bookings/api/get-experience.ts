import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One experience in full: its city and zone, its cancellation policy in words (docs/product.md#cancellation). */
export const experienceQuery = (id: string) =>
  queryOptions({
    queryKey: ['experiences', id],
    queryFn: async () => (await api.get('/experiences/:id', { params: { id } })).experience,
  });
