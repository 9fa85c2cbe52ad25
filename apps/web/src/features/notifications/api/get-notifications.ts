import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const notificationsQuery = queryOptions({
  // The socket's 'notification' events invalidate it.
  queryKey: ['notifications'],
  queryFn: () => api.get('/notifications'),
  refetchOnWindowFocus: true,
});
