import type { GuideCard, PremiumTourist } from '@lokal/shared/schemas/discovery';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type PartyProfile =
  | { type: 'guide'; profile: GuideCard & { socialMedia: string | null } }
  | { type: 'tourist'; profile: PremiumTourist };

/** The other party's public profile, for the conversation header. */
export const partyProfileQuery = (type: 'guide' | 'tourist', id: string) =>
  queryOptions({
    queryKey: ['profiles', type, id, 'chat'],
    queryFn: () => api.get<PartyProfile>(`/profiles/${type}/${encodeURIComponent(id)}`),
    retry: false,
  });
