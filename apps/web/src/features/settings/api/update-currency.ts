import { api } from '../../../lib/api-client.ts';

export const updateCurrency = (currency: string, multiplier: number) =>
  api.post<{ success: true }>('/users/update-currency', { currency, multiplier });
