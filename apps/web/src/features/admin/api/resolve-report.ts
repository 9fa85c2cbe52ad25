import type { ResolveBody } from '@lokal/shared/schemas/admin';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../hooks/use-admin-mutation.ts';

export const resolveReport = ({ reportId, ...body }: ResolveBody & { reportId: string }) =>
  api.post('/admin/reports/:id/resolve', { params: { id: reportId }, body });

export const useResolveReport = () => useAdminMutation(resolveReport);
