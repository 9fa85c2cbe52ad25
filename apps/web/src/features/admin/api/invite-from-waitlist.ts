import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../hooks/use-admin-mutation.ts';

export const inviteFromWaitlist = (requestId: string) =>
  api.post('/admin/waitlist/:id/invite', { params: { id: requestId } });

export const useInviteFromWaitlist = () => useAdminMutation(inviteFromWaitlist);
