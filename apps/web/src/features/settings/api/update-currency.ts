import { api } from '../../../lib/api-client.ts';

export const updateCurrency = (currency: string, multiplier: number) =>
  api.post('/users/update-currency', { body: { currency, multiplier } });
