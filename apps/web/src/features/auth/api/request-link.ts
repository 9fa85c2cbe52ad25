import type { RequestLinkBody } from '@lokal/shared/schemas/auth';
import { api } from '../../../lib/api-client.ts';

export const requestLink = (body: RequestLinkBody) => api.post('/auth/request-link', { body });
