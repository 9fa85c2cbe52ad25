import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const topTouristsQuery = queryOptions({
  queryKey: ['guides', 'top-tourists'],
  queryFn: () => api.get('/guides/top-tourists'),
});
