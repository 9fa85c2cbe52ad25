import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const invitesQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'invites', q, page],
    queryFn: () => api.get('/admin/invites', { query: { q, page } }),
    placeholderData: keepPreviousData,
  });

export const useInvites = (q: string, page: number) => useQuery(invitesQuery(q, page));
