import type { LinkBody } from '@lokal/shared/schemas/auth';
import { api } from '../../../lib/api-client.ts';

/** A new sign-in link to a failed link's address and role. */
export const resendLink = (body: LinkBody) => api.post('/auth/resend-link', { body });
