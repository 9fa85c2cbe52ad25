import type { Experience } from '@lokal/shared/schemas/experiences';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { experiencesKey } from './get-my-experiences.ts';

/** One experience, as its editor opens it. */
export const experienceQuery = (id: string) =>
  queryOptions({
    queryKey: [...experiencesKey, 'one', id],
    queryFn: async () => (await api.get('/experiences/:id', { params: { id } })).experience,
  });

/** The photo routes answer the whole list, in order: it replaces the editor's copy at once. */
export function setPhotos(queryClient: QueryClient, id: string, photos: Experience['photos']) {
  queryClient.setQueryData(experienceQuery(id).queryKey, (old) => (old ? { ...old, photos } : old));
}
