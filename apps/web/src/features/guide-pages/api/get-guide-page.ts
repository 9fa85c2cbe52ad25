import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A guide's page by address: the preview, and the rest for members (GET /api/pages/guides/:slug). */
export const guidePageQuery = (slug: string) =>
  queryOptions({
    queryKey: ['guide-page', slug],
    queryFn: () => api.get('/pages/guides/:slug', { params: { slug } }),
    retry: (count, err) => count < 2 && !('status' in err && err.status === 404),
  });
