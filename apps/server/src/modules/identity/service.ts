import { randomUUID } from 'node:crypto';
import {
  IDENTITY_DOCUMENT_KEEP_DAYS,
  IDENTITY_DOCUMENT_MAX_BYTES,
  TRUST_MESSAGES,
} from '@lokal/shared/constants/trust';
import type { GuideActivation, IdentityDocument } from '@lokal/shared/schemas/trust';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';
import { type FileStore, identityKey } from '../../plugins/storage.ts';
import { type AppContext, perApp } from '../context.ts';
import { createIdentityRepository, type DocumentRow, type IdentityRepository } from './repository.ts';

const DAY_MS = 24 * 60 * 60_000;

/** The type of a document by its first bytes (never by its name or the browser's type header). */
export function documentType(data: Buffer): string | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** The one file of a multipart upload in `field`, read whole; every client mistake is a 4xx. */
export async function readUploadedDocument(request: FastifyRequest, field: string): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, TRUST_MESSAGES.documentTooLarge, 'document-too-large');
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the document as multipart/form-data', 'unsupported-media-type');
  }
  const badMultipart = (err: { statusCode?: number }): never => {
    if (err.statusCode && err.statusCode < 500) throw err;
    throw new HttpError(400, 'The upload is not valid multipart/form-data', 'bad-multipart');
  };
  const file = await request
    .file({ limits: { fileSize: IDENTITY_DOCUMENT_MAX_BYTES, files: 1 } })
    .catch(badMultipart);
  if (file?.fieldname !== field) {
    throw new HttpError(400, `Attach the document as the "${field}" field`, 'document-missing');
  }
  const data = await file.toBuffer().catch((err: { code?: string; statusCode?: number }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    return badMultipart(err);
  });
  if (file.file.truncated) throw tooLarge();
  return data;
}

/**
 * Identity documents for staff review (docs/product.md#verification): private files (`private/identity/…` in the
 * file store, never under a public address), served only through authorized routes, deleted 30 days after the
 * decision.
 */
export function createIdentityService(deps: {
  repo: IdentityRepository;
  files: FileStore;
  now: () => number;
}) {
  const { repo, files, now } = deps;

  function shown(row: DocumentRow): IdentityDocument {
    return {
      mimeType: row.mimeType,
      size: row.size,
      uploadedAt: row.uploadedAt.toISOString(),
      deleteAfter: row.decidedAt
        ? new Date(row.decidedAt.getTime() + IDENTITY_DOCUMENT_KEEP_DAYS * DAY_MS).toISOString()
        : null,
    };
  }

  return {
    async state(userId: string): Promise<{ document: IdentityDocument | null }> {
      const row = await repo.document(userId);
      return { document: row ? shown(row) : null };
    },

    async upload(userId: string, data: Buffer): Promise<{ document: IdentityDocument | null }> {
      const mimeType = documentType(data);
      if (!mimeType) throw new HttpError(415, TRUST_MESSAGES.documentType, 'unsupported-document');
      const file = randomUUID();
      await files.put(identityKey(file), data, mimeType);
      const old = await repo.save({ userId, file, mimeType, size: data.length, uploadedAt: new Date(now()) });
      if (old) await files.delete(identityKey(old));
      return this.state(userId);
    },

    /** The file to send, or 404 when there is none (never uploaded, or cleaned up). */
    async file(userId: string): Promise<{ data: Buffer; mimeType: string }> {
      const row = await repo.document(userId);
      const stored = row ? await files.get(identityKey(row.file)) : null;
      if (!row || !stored) {
        throw new HttpError(404, TRUST_MESSAGES.documentNotFound, 'document-not-found');
      }
      return { data: stored.data, mimeType: row.mimeType };
    },

    evidence: (userId: string) => repo.evidence(userId),

    /** The guide's activation checklist (docs/product.md#guide-screens): each step from the server's records. */
    async activation(userId: string): Promise<GuideActivation> {
      const row = await repo.activation(userId);
      const verified = Boolean(row?.verified);
      return {
        verified,
        // Once verified the document has done its work (it is deleted 30 days after the decision).
        document: verified || Boolean(row?.document),
        photo: Boolean(row?.photo),
        experience: Boolean(row?.experience),
        hours: Object.values(row?.weekly ?? {}).some((ranges) => ranges.length > 0),
        waitingRequests: row?.waitingRequests ?? 0,
      };
    },

    /** Deletes the documents decided more than 30 days ago; safe with several instances (advisory lock). */
    async cleanUp(): Promise<number> {
      const expired = await repo.claimExpired(new Date(now() - IDENTITY_DOCUMENT_KEEP_DAYS * DAY_MS));
      for (const f of expired ?? []) await files.delete(identityKey(f));
      return expired?.length ?? 0;
    },

    /** Account deletion: the document and its file go. */
    async remove(userId: string): Promise<void> {
      const file = await repo.remove(userId);
      if (file) await files.delete(identityKey(file));
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

/** The one identity-document service of this app (staff review and account deletion use it too). */
export const identityOf = perApp((ctx: AppContext) =>
  createIdentityService({
    repo: createIdentityRepository(ctx.db),
    files: ctx.files,
    now: ctx.now,
  }),
);
