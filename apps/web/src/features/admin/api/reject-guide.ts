import type { RejectBody } from '@lokal/shared/schemas/admin';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../hooks/use-admin-mutation.ts';

export const rejectGuide = ({ guideId, ...body }: RejectBody & { guideId: string }) =>
  api.post('/admin/verifications/:guideId/reject', { params: { guideId }, body });

export const useRejectGuide = () => useAdminMutation(rejectGuide);
