import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** An experience's page: the preview, and the whole experience for members (GET /api/pages/experiences/:id). */
export const experiencePageQuery = (id: string) =>
  queryOptions({
    queryKey: ['experience-page', id],
    queryFn: () => api.get('/pages/experiences/:id', { params: { id } }),
    retry: (count, err) => count < 2 && !('status' in err && err.status === 404),
  });
