import { api } from '../../../lib/api-client.ts';

/** `city`: the user's detected or chosen city, whose country a number without its code belongs to. */
export const sendCode = (phone: string, city?: string) =>
  api.post('/phone/send-code', { body: { phone, ...(city ? { city } : {}) } });
