import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const verificationQueueQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'verifications', page],
    queryFn: () => api.get('/admin/verifications', { query: { page } }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });

export const useVerificationQueue = (page: number) => useQuery(verificationQueueQuery(page));
