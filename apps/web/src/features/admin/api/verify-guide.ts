import type { DecisionResponse } from '@lokal/shared/schemas/admin';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../hooks/use-admin-mutation.ts';

export const verifyGuide = (guideId: string) =>
  api.post<DecisionResponse>(`/admin/verifications/${encodeURIComponent(guideId)}/verify`);

export const useVerifyGuide = () => useAdminMutation(verifyGuide);
