import { VERIFICATION_REFETCH_MS } from '@lokal/shared/constants/admin';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const verificationQuery = queryOptions({
  queryKey: ['guides', 'verification'],
  queryFn: () => api.get('/guides/verification'),
  retry: false,
  // Staff decide at any moment: until verified, ask again every 30 s and whenever the guide comes back to
  // the tab, so the dashboard clears without a reload.
  refetchInterval: (q) => (q.state.data?.verified ? false : VERIFICATION_REFETCH_MS),
  refetchOnWindowFocus: (q) => (q.state.data?.verified ? false : 'always'),
});
