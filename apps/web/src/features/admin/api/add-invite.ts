import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../hooks/use-admin-mutation.ts';

export const addInvite = (email: string) => api.post('/admin/invites', { body: { email } });

export const useAddInvite = () => useAdminMutation(addInvite);
