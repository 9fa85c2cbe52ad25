import { api } from '../../../lib/api-client.ts';

/** Ends every session of the account, this one included (docs/product.md#settings). */
export const signOutEverywhereCall = () => api.post('/users/settings/sign-out-everywhere');
