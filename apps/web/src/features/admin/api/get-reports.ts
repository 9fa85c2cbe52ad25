import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type ReportStatus = 'open' | 'resolved';

export const reportsQuery = (status: ReportStatus, page: number) =>
  queryOptions({
    queryKey: ['admin', 'reports', status, page],
    queryFn: () => api.get('/admin/reports', { query: { status, page } }),
    placeholderData: keepPreviousData,
  });

export const useReports = (status: ReportStatus, page: number) => useQuery(reportsQuery(status, page));
