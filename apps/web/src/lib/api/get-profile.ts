import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/**
 * A guide's or a tourist's public profile, with what this viewer may see: the one query of
 * GET /api/profiles/:type/:id, whichever screen reads it. Publishing a review invalidates ['profiles'].
 * It lives in lib because discovery, bookings and chat all read it, and features do not import each other.
 */
export const profileQuery = (type: 'guide' | 'tourist', id: string) =>
  queryOptions({
    queryKey: ['profiles', type, id],
    queryFn: () => api.get('/profiles/:type/:id', { params: { type, id } }),
  });
