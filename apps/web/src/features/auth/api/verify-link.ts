import type { VerifyBody } from '@lokal/shared/schemas/auth';
import { api } from '../../../lib/api-client.ts';
import { followChosenLocale } from '../../../lib/i18n.ts';

export const verifyLink = (body: VerifyBody) => api.post('/auth/verify', { body }).then(followChosenLocale);
