import type { TouristProfileUpdate } from '@lokal/shared/schemas/discovery';
import { api } from '../../../lib/api-client.ts';

export const updateTouristProfile = (patch: TouristProfileUpdate) =>
  api.post('/tourists/me/profile', { body: patch });
