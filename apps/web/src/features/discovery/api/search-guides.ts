import { GUIDE_PAGE_SIZE } from '@lokal/shared/domain/first-reads';
import type { GuideSearchFilters } from '@lokal/shared/schemas/discovery';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const guideSearchQuery = (filters: GuideSearchFilters) =>
  infiniteQueryOptions({
    queryKey: ['guides', 'search', filters],
    queryFn: ({ pageParam }) =>
      api.get('/guides/search', {
        query: { ...filters, cursor: pageParam ?? undefined, limit: GUIDE_PAGE_SIZE },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
