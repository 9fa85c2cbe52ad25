import type { WaitlistResponse } from '@lokal/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const waitlistQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'waitlist', page],
    queryFn: () => api.get<WaitlistResponse>('/admin/waitlist', { page }),
    placeholderData: keepPreviousData,
  });

export const useWaitlist = (page: number) => useQuery(waitlistQuery(page));
