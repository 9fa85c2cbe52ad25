import type { Assessment } from '@lokal/shared/schemas/onboarding';
import { api } from '../../../lib/api-client.ts';

export const saveAssessment = (body: Assessment) => api.post('/guides/personality-assessment', { body });
