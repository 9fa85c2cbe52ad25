import type { ShowcaseResponse } from '@lokal/shared/schemas/showcase';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/showcase, validated with the shared schema. The schema (and zod with it) loads in parallel
 * with the request, so it stays out of the landing page's initial JavaScript.
 */
export async function getShowcase(): Promise<ShowcaseResponse> {
  const [{ showcaseResponseSchema }, body] = await Promise.all([
    import('@lokal/shared/schemas/showcase'),
    api.get<unknown>('/showcase'),
  ]);
  return showcaseResponseSchema.parse(body);
}

export const showcaseQuery = queryOptions({
  queryKey: ['showcase'],
  queryFn: getShowcase,
  staleTime: 5 * 60_000,
});

export function useShowcase() {
  return useQuery(showcaseQuery);
}
