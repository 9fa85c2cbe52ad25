import type { RequestLinkBody } from '@lokal/shared/schemas/auth';
import { api } from '../../../lib/api-client.ts';

export const requestBetaAccess = (body: RequestLinkBody) => api.post('/auth/beta-request', { body });
