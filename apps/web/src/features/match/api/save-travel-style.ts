import type { TravelStyle } from '@lokal/shared/schemas/travel-style';
import { api } from '../../../lib/api-client.ts';

export const saveTravelStyle = (body: TravelStyle) => api.post('/tourists/travel-style', { body });
