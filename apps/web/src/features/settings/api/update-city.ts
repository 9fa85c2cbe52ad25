import { api } from '../../../lib/api-client.ts';

export const updateCity = (city: string) => api.post('/users/update-city', { body: { city } });
