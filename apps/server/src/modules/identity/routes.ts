import { errorSchema } from '@lokal/shared/schemas/common';
import {
  documentFileSchema,
  guideActivationSchema,
  identityDocumentStateSchema,
} from '@lokal/shared/schemas/trust';
import type { FastifyReply } from 'fastify';
import { signedInScope } from '../../plugins/sessions.ts';
import type { ModulePlugin } from '../context.ts';
import { identityOf, readUploadedDocument } from './service.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  413: errorSchema,
  415: errorSchema,
};

/** A private file: never cached, never shown inline as a page, never sniffed. */
export function sendPrivateFile(reply: FastifyReply, file: { data: Buffer; mimeType: string }) {
  return reply
    .type(file.mimeType)
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', 'attachment; filename="identity-document"')
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.data);
}

// The guide's identity document (docs/product.md#verification): only its owner here, staff in the console.
export const identityModule: ModulePlugin = async (app, { ctx }) => {
  const service = identityOf(ctx);

  await signedInScope(app, ['guide'], (scope) => {
    scope.get(
      '/guides/me/activation',
      {
        schema: {
          tags: ['verification'],
          summary:
            "The guide's activation checklist: identity document, photo, a published experience, weekly hours, and the booking requests waiting",
          response: { 200: guideActivationSchema, ...errors },
        },
      },
      async (request) => service.activation(request.user.id),
    );

    scope.get(
      '/guides/me/identity-document',
      {
        schema: {
          tags: ['verification'],
          summary: 'Whether I uploaded an identity document, and when it will be deleted',
          response: { 200: identityDocumentStateSchema, ...errors },
        },
      },
      async (request) => service.state(request.user.id),
    );

    scope.post(
      '/guides/me/identity-document',
      {
        schema: {
          tags: ['verification'],
          summary:
            'Upload my identity document (multipart field "document"; JPEG, PNG, WebP or PDF up to 10 MB)',
          description:
            'A private file: only its owner and staff can open it. A new upload replaces the old one.',
          consumes: ['multipart/form-data'],
          response: { 200: identityDocumentStateSchema, ...errors },
        },
      },
      async (request) => service.upload(request.user.id, await readUploadedDocument(request, 'document')),
    );

    scope.get(
      '/guides/me/identity-document/file',
      {
        schema: {
          tags: ['verification'],
          summary: 'My identity document file',
          response: { 200: documentFileSchema, ...errors },
        },
      },
      async (request, reply) => sendPrivateFile(reply, await service.file(request.user.id)),
    );
  });
};
