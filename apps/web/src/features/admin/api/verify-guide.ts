import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../hooks/use-admin-mutation.ts';

export const verifyGuide = (guideId: string) =>
  api.post('/admin/verifications/:guideId/verify', { params: { guideId } });

export const useVerifyGuide = () => useAdminMutation(verifyGuide);
