import { api } from '../../../lib/api-client.ts';

export const signOutCall = () => api.post('/auth/sign-out');
