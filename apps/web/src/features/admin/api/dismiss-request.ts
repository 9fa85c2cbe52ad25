import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../hooks/use-admin-mutation.ts';

export const dismissRequest = (requestId: string) =>
  api.post('/admin/waitlist/:id/dismiss', { params: { id: requestId } });

export const useDismissRequest = () => useAdminMutation(dismissRequest);
