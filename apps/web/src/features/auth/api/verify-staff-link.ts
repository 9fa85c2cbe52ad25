import type { ApiBody } from '@lokal/shared/schemas/endpoints';
import { api } from '../../../lib/api-client.ts';
import { followChosenLocale } from '../../../lib/i18n.ts';

export const verifyStaffLink = (body: ApiBody<'POST', '/auth/staff/verify'>) =>
  api.post('/auth/staff/verify', { body }).then(followChosenLocale);
