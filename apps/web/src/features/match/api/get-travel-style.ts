import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const travelStyleQuery = queryOptions({
  queryKey: ['travel-style'],
  queryFn: () => api.get('/tourists/travel-style'),
});

export function useTravelStyle() {
  return useQuery(travelStyleQuery);
}
