import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const waitlistQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'waitlist', page],
    queryFn: () => api.get('/admin/waitlist', { query: { page } }),
    placeholderData: keepPreviousData,
  });

export const useWaitlist = (page: number) => useQuery(waitlistQuery(page));
