import { DELETE_CONFIRMATION } from '@lokal/shared/constants/trust';
import { api } from '../../../lib/api-client.ts';

/** Deletes the account for good (docs/product.md#your-data); the session ends with it. */
export const deleteAccountCall = () =>
  api.post('/users/settings/delete-account', { body: { confirm: DELETE_CONFIRMATION } });
