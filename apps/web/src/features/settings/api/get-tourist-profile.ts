import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The tourist's own profile as guides see it (GET /api/tourists/me). */
export const touristProfileQuery = queryOptions({
  queryKey: ['tourists', 'me'],
  queryFn: () => api.get('/tourists/me'),
});
