import type { GuideProfileUpdate } from '@lokal/shared/schemas/discovery';
import { api } from '../../../lib/api-client.ts';

export const updateGuideProfile = (patch: GuideProfileUpdate) =>
  api.post('/guides/me/profile', { body: patch });
