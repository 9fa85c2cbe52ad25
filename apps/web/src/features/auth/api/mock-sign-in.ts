import type { ApiBody } from '@lokal/shared/schemas/endpoints';
import { api } from '../../../lib/api-client.ts';

/** Development only: the server has no such route in production. */
export const mockSignIn = (body: ApiBody<'POST', '/dev/mock-sign-in'>) =>
  api.post('/dev/mock-sign-in', { body });
