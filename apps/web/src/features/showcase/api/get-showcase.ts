import type { ShowcaseResponse } from '@lokal/shared/schemas/showcase';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/showcase. Like every call of the app, the answer is typed by the shared schema, not re-parsed. */
export function getShowcase(): Promise<ShowcaseResponse> {
  return api.get('/showcase');
}

export const showcaseQuery = queryOptions({
  queryKey: ['showcase'],
  queryFn: getShowcase,
  staleTime: 5 * 60_000,
});

export function useShowcase() {
  return useQuery(showcaseQuery);
}
