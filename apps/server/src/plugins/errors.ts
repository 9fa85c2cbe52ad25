import { AUTH_MESSAGES } from '@lokal/shared/constants/auth';
import { CONTACT_DETAILS_CODE, MASKING_MESSAGES } from '@lokal/shared/constants/masking';
import { ONBOARDING_MESSAGES } from '@lokal/shared/constants/onboarding';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error the API answers with its own status, message and code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

// The product's own messages (docs/product.md#messages) reach the user verbatim; others name their field.
const SPEC_MESSAGES = new Set<string>(
  [
    ...Object.values(AUTH_MESSAGES),
    ...Object.values(ONBOARDING_MESSAGES),
    ...Object.values(MASKING_MESSAGES),
  ].filter((m) => typeof m === 'string'),
);

/** What a request needing the database answers while it cannot be reached (docs/product.md#when-the-database-is-away). */
export const DATABASE_UNAVAILABLE = {
  message: 'Lokal cannot reach its database for a moment. Please try again in a few seconds.',
  code: 'database-unavailable',
} as const;
/** What a write answers when the disk it needs is full (docs/product.md#when-the-disk-is-full, decision 088). */
export const STORAGE_FULL = {
  message: 'Lokal has run out of storage space, so nothing was saved. Please try again later.',
  code: 'storage-full',
} as const;

/** Seconds a client waits before it asks again while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

// A connection that could not be opened, was refused or was lost (the server stopped, restarted or ended
// the backend): the socket's errno, PostgreSQL's class 08 and 57P0x codes, and the texts pg gives them.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const CONNECTION_TEXTS =
  /Connection terminated|timeout exceeded when trying to connect|Connection terminated due to connection timeout|not queryable|Client was closed/;

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** Whether an error, or one it wraps (drizzle's `cause`, an AggregateError's `errors`), matches `test`. */
function wraps(err: unknown, test: (e: ErrorLike) => boolean, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as ErrorLike;
  if (test(e)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => wraps(x, test, depth + 1))) return true;
  return wraps(e.cause, test, depth + 1);
}

/** Whether an error (or what it wraps: drizzle wraps the driver's) says the database cannot be reached. */
export const isDatabaseUnreachable = (err: unknown): boolean =>
  wraps(
    err,
    (e) =>
      (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) ||
      (typeof e.message === 'string' && CONNECTION_TEXTS.test(e.message)),
  );

/**
 * Whether an error says the disk is full: the file system's ENOSPC/EDQUOT, PostgreSQL's disk_full (53100), or
 * the text an embedded database gives it.
 */
export const isStorageFull = (err: unknown): boolean =>
  wraps(
    err,
    (e) =>
      e.code === 'ENOSPC' ||
      e.code === 'EDQUOT' ||
      e.code === '53100' ||
      (typeof e.message === 'string' && /No space left on device/i.test(e.message)),
  );

// One error shape for every failure: { message, code }.
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).headers(err.headers).send({ message: err.message, code: err.code });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where =
        first?.instancePath && !SPEC_MESSAGES.has(first.message ?? '')
          ? ` (${err.validationContext}${first.instancePath.replaceAll('/', '.')})`
          : '';
      // A public text with contact details has its own code (docs/decisions/089-masking-contact-details.md).
      const code = first?.message === MASKING_MESSAGES.publicText ? CONTACT_DETAILS_CODE : 'validation-error';
      return reply.status(400).send({ message: `${first?.message ?? 'Invalid request'}${where}`, code });
    }
    if (isStorageFull(err)) {
      request.log.error({ err }, 'storage full');
      return reply.status(507).send(STORAGE_FULL);
    }
    if (isDatabaseUnreachable(err)) {
      request.log.warn({ err }, 'database unreachable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send(DATABASE_UNAVAILABLE);
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(status).send({ message: 'Internal server error', code: 'internal-error' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type …) keep their text.
    return reply.status(status).send({
      message: err.message,
      code: (err.code ?? 'bad-request')
        .toLowerCase()
        .replace(/^fst_err_/, '')
        .replaceAll('_', '-'),
    });
  });
}
