import type { UpdateCurrency } from '@lokal/shared/schemas/discovery';
import { api } from '../../../lib/api-client.ts';

/** Saves the display currency; the server applies its own rate. */
export const updateCurrency = (currency: UpdateCurrency['currency']) =>
  api.post('/users/update-currency', { body: { currency } });
