import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The guide's activation checklist (GET /api/guides/me/activation), asked again on each visit to the dashboard. */
export const activationQuery = queryOptions({
  queryKey: ['guides', 'activation'],
  queryFn: () => api.get('/guides/me/activation'),
  staleTime: 0,
  refetchOnWindowFocus: 'always',
});
