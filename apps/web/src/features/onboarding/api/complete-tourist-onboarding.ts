import type { TouristOnboarding } from '@lokal/shared/schemas/onboarding';
import { api } from '../../../lib/api-client.ts';

export const completeTouristOnboarding = (body: TouristOnboarding) =>
  api.post('/tourists/onboarding', { body });
