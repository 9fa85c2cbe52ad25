import { api } from '../../../lib/api-client.ts';

export const sendCode = (phone: string) => api.post('/phone/send-code', { body: { phone } });
