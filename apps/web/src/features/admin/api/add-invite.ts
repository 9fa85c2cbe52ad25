import type { Invite } from '@lokal/shared/schemas/admin';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../hooks/use-admin-mutation.ts';

export const addInvite = (email: string) => api.post<Invite>('/admin/invites', { email });

export const useAddInvite = () => useAdminMutation(addInvite);
