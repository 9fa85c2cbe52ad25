import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const touristListQuery = (q: string, category: string) =>
  queryOptions({
    queryKey: ['guides', 'tourists', q, category],
    queryFn: () =>
      api.get('/guides/tourists', { query: { q, category: category === 'All' ? undefined : category } }),
  });
