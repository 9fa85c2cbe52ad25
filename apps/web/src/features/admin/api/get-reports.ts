import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type ReportStatus = 'open' | 'resolved';

/** Open reports oldest first, resolved ones newest first, a page at a time (decision 043). */
export const reportsQuery = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'reports', status],
    queryFn: ({ pageParam }) =>
      api.get('/admin/reports', { query: { status, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

export const useReports = (status: ReportStatus) => useInfiniteQuery(reportsQuery(status));
