import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { identityDocumentQuery } from './get-identity-document.ts';

/** Uploads (or replaces) the identity document; the server checks its content (image or PDF, 10 MB). */
export function useUploadIdentityDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('document', file);
      return api.upload('/guides/me/identity-document', form);
    },
    onSuccess: (state) => queryClient.setQueryData(identityDocumentQuery.queryKey, state),
  });
}
