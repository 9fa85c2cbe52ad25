import { api } from '../../../lib/api-client.ts';

export const updateCity = (city: string) => api.post<{ success: true }>('/users/update-city', { city });
