import type { ApiBody } from '@lokal/shared/schemas/endpoints';
import { api } from '../../../lib/api-client.ts';
import { followChosenLocale } from '../../../lib/i18n.ts';

/** Development only: the server has no such route in production. */
export const mockSignIn = (body: ApiBody<'POST', '/dev/mock-sign-in'>) =>
  api.post('/dev/mock-sign-in', { body }).then(followChosenLocale);
