import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../hooks/use-admin-mutation.ts';

export const removeInvite = (email: string) => api.delete('/admin/invites/:email', { params: { email } });

export const useRemoveInvite = () => useAdminMutation(removeInvite);
