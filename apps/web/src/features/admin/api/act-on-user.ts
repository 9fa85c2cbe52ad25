import type { StaffAction } from '@lokal/shared/constants/trust';
import type { StaffActionBody } from '@lokal/shared/schemas/trust';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../hooks/use-admin-mutation.ts';

/** Warn, suspend, reinstate or un-verify a member, with the reason they read (docs/product.md#staff-actions). */
export function actOnUser({
  userId,
  action,
  ...body
}: StaffActionBody & { userId: string; action: StaffAction }) {
  const params = { userId };
  switch (action) {
    case 'warn':
      return api.post('/admin/users/:userId/warn', { params, body });
    case 'suspend':
      return api.post('/admin/users/:userId/suspend', { params, body });
    case 'reinstate':
      return api.post('/admin/users/:userId/reinstate', { params, body });
    case 'unverify':
      return api.post('/admin/users/:userId/unverify', { params, body });
  }
}

export const useActOnUser = () => useAdminMutation(actOnUser);
