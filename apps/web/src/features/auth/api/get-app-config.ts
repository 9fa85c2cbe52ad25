import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => api.get('/app-config'),
  staleTime: Number.POSITIVE_INFINITY,
});
