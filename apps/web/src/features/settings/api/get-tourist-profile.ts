import type { TouristProfileUpdate } from '@lokal/shared/schemas/discovery';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The tourist's own profile as guides see it (GET /api/tourists/me). */
export type OwnTouristProfile = {
  name: string;
  bio: string;
  city: string;
  country: string;
  age: number | null;
  image: string;
  profileImages: string[];
  status: string;
  budget: { min: number; max: number; currency: string };
  interests: string[];
  languages: string[];
  lookingFor: string[];
  availability: NonNullable<TouristProfileUpdate['availability']>;
};

export const touristProfileQuery = queryOptions({
  queryKey: ['tourists', 'me'],
  queryFn: () => api.get<OwnTouristProfile>('/tourists/me'),
});
