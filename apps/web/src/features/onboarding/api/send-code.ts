import { api } from '../../../lib/api-client.ts';

/**
 * `city`: the user's detected or chosen city, whose country a number without its code belongs to.
 * `botCheck`: the solved bot-check challenge, when the server asks for one.
 */
export const sendCode = (phone: string, city?: string, botCheck?: string) =>
  api.post('/phone/send-code', {
    body: { phone, ...(city ? { city } : {}), ...(botCheck ? { botCheck } : {}) },
  });
