import type { GuideOnboarding } from '@lokal/shared/schemas/onboarding';
import { api } from '../../../lib/api-client.ts';

export const completeGuideOnboarding = (body: GuideOnboarding) => api.post('/guides/onboarding', { body });
