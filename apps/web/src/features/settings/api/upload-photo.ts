import { api } from '../../../lib/api-client.ts';

/** The server checks the content, squares it to 640 px WebP and puts it on the profile. */
export function uploadPhoto(file: File) {
  const form = new FormData();
  form.append('photo', file);
  return api.upload('/users/me/photo', form);
}
