import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * A page's first reads (decision 016) are requests the server makes to itself with `app.inject()`. They carry
 * this header with a value drawn when the process starts, so the request log and the security headers can
 * leave them to the page: no client can send the value.
 */
const HEADER = 'x-lokal-first-read';
const KEY = randomBytes(18).toString('base64url');

/** The header that marks a request as one of a page's first reads. */
export const firstReadHeader = { [HEADER]: KEY } as const;

/** Whether this request is one of a page's first reads, made by the server itself. */
export function isInternalRead(request: FastifyRequest): boolean {
  return request.headers[HEADER] === KEY;
}
