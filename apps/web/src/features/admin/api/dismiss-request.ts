import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../hooks/use-admin-mutation.ts';

export const dismissRequest = (requestId: string) =>
  api.post<{ success: true }>(`/admin/waitlist/${encodeURIComponent(requestId)}/dismiss`);

export const useDismissRequest = () => useAdminMutation(dismissRequest);
