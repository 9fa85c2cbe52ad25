import type { UserType } from '@lokal/shared/schemas/auth';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../hooks/use-admin-mutation.ts';

export const inviteFromWaitlist = (requestId: string) =>
  api.post<{ email: string; role: UserType }>(`/admin/waitlist/${encodeURIComponent(requestId)}/invite`);

export const useInviteFromWaitlist = () => useAdminMutation(inviteFromWaitlist);
