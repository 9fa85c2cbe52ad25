import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The member's city and currency (GET /api/users/profile). */
export const userProfileQuery = queryOptions({
  queryKey: ['users', 'profile'],
  queryFn: () => api.get('/users/profile'),
  staleTime: 10 * 60_000,
});
