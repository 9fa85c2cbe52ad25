import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => api.get('/users/settings'),
});

export function useSettings() {
  return useQuery(settingsQuery);
}
