import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The guide's identity document for staff review, or null (docs/product.md#identity-documents). */
export const identityDocumentQuery = queryOptions({
  queryKey: ['settings', 'identity-document'],
  queryFn: () => api.get('/guides/me/identity-document'),
});

/** The file itself: the browser downloads it with the session cookie; nobody else can open it. */
export const IDENTITY_DOCUMENT_FILE_URL = '/api/guides/me/identity-document/file';
