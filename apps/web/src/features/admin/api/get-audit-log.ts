import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const auditLogQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', page],
    queryFn: () => api.get('/admin/audit', { query: { page } }),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (page: number) => useQuery(auditLogQuery(page));
