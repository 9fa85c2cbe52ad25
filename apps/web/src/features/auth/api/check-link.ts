import type { LinkBody } from '@lokal/shared/schemas/auth';
import { api } from '../../../lib/api-client.ts';

/** What a sign-in link is (valid, expired, used, unknown), without using it. */
export const checkLink = (body: LinkBody) => api.post('/auth/link-status', { body });
