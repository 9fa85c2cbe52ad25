import { api } from '../../../lib/api-client.ts';

export const verifyCode = (phone: string, code: string, city?: string) =>
  api.post('/phone/verify-code', { body: { phone, code, ...(city ? { city } : {}) } });
