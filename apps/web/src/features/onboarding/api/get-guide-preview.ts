import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The guide's own profile as tourists will see it (GET /api/guides/me). */
export const guidePreviewQuery = queryOptions({
  queryKey: ['guides', 'me'],
  queryFn: () => api.get('/guides/me'),
});
