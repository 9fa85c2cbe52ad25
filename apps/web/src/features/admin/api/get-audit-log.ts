import type { AuditResponse } from '@lokal/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const auditLogQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', page],
    queryFn: () => api.get<AuditResponse>('/admin/audit', { page }),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (page: number) => useQuery(auditLogQuery(page));
