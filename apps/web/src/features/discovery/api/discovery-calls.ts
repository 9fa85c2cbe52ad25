import { VERIFICATION_REFETCH_MS } from '@lokal/shared/constants/admin';
import { GUIDE_PAGE_SIZE } from '@lokal/shared/domain/first-reads';
import type {
  GuideCard,
  GuideSearchResponse,
  PremiumTourist,
  TouristListResponse,
  VerificationResponse,
} from '@lokal/shared/schemas/discovery';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type SearchFilters = {
  q?: string;
  category?: string;
  city?: string;
  language?: string;
  minPrice?: number;
  maxPrice?: number;
  sort?: 'recommended' | 'rating' | 'price_asc' | 'price_desc';
};

export const guideSearchQuery = (filters: SearchFilters) =>
  infiniteQueryOptions({
    queryKey: ['guides', 'search', filters],
    queryFn: ({ pageParam }) =>
      api.get<GuideSearchResponse>('/guides/search', {
        ...filters,
        cursor: pageParam ?? undefined,
        limit: GUIDE_PAGE_SIZE,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const touristListQuery = (q: string, category: string) =>
  queryOptions({
    queryKey: ['guides', 'tourists', q, category],
    queryFn: () =>
      api.get<TouristListResponse>('/guides/tourists', {
        q,
        category: category === 'All' ? undefined : category,
      }),
  });

export const topTouristsQuery = queryOptions({
  queryKey: ['guides', 'top-tourists'],
  queryFn: () => api.get<{ city: string; tourists: PremiumTourist[] }>('/guides/top-tourists'),
});

export const verificationQuery = queryOptions({
  queryKey: ['guides', 'verification'],
  queryFn: () => api.get<VerificationResponse>('/guides/verification'),
  retry: false,
  // Staff decide at any moment: until verified, ask again every 30 s and whenever the guide comes back to
  // the tab, so the dashboard clears without a reload.
  refetchInterval: (q) => (q.state.data?.verified ? false : VERIFICATION_REFETCH_MS),
  refetchOnWindowFocus: (q) => (q.state.data?.verified ? false : 'always'),
});

export const userProfileQuery = queryOptions({
  queryKey: ['users', 'profile'],
  queryFn: () =>
    api.get<{ city: string; currency: string; currencyMultiplier: number; verified?: boolean }>(
      '/users/profile',
    ),
  staleTime: 10 * 60_000,
});

export const guideProfileQuery = (id: string) =>
  queryOptions({
    queryKey: ['profiles', 'guide', id],
    queryFn: () =>
      api.get<{ type: 'guide'; profile: GuideCard & { socialMedia: string | null } }>(
        `/profiles/guide/${id}`,
      ),
  });
