import type { GuideCard } from '@lokal/shared/schemas/discovery';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The tour types a guide offers, from the guide's public profile. */
export const guideToursQuery = (guideId: string) =>
  queryOptions({
    queryKey: ['profiles', 'guide', guideId, 'tours'],
    queryFn: async () => {
      const res = await api.get<{ profile: GuideCard }>(`/profiles/guide/${encodeURIComponent(guideId)}`);
      return { name: res.profile.name, city: res.profile.city, tourTypes: res.profile.tourTypes };
    },
  });
