import { api } from '../../../lib/api-client.ts';

/** Removes one uploaded photo (its file is deleted); answers the lead picture and the gallery left. */
export function removePhoto(image: string) {
  return api.delete('/users/me/photo/:file', { params: { file: image.replace('/api/uploads/', '') } });
}
