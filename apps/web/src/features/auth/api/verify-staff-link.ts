import type { ApiBody } from '@lokal/shared/schemas/endpoints';
import { api } from '../../../lib/api-client.ts';

export const verifyStaffLink = (body: ApiBody<'POST', '/auth/staff/verify'>) =>
  api.post('/auth/staff/verify', { body });
