import type { QueueResponse } from '@lokal/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const verificationQueueQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'verifications', page],
    queryFn: () => api.get<QueueResponse>('/admin/verifications', { page }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });

export const useVerificationQueue = (page: number) => useQuery(verificationQueueQuery(page));
