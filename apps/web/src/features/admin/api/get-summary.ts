import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const summaryQuery = queryOptions({
  queryKey: ['admin', 'summary'],
  queryFn: () => api.get('/admin/summary'),
  // The tab badges follow new arrivals without a reload.
  refetchInterval: 60_000,
  refetchOnWindowFocus: true,
});

export const useSummary = () => useQuery(summaryQuery);
