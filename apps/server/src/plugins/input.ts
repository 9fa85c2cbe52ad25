import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

export const NUL_MESSAGE = 'Text must not contain the NUL character';

/** Where the first NUL character sits in some input ('body.name', 'query.q' …), or null when there is none. */
export function findNul(value: unknown, at: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000')) return at;
    const found = findNul(v, `${at}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store U+0000 in text or jsonb: a NUL anywhere in the params, query or body would end as
 * a database error (500) wherever it reaches a query. Refused for every route at once, after the role check.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const where =
      findNul(request.params, 'params') ??
      findNul(request.query, 'querystring') ??
      findNul(request.body, 'body');
    if (where) throw new HttpError(400, `${NUL_MESSAGE} (${where})`, 'validation-error');
  });
}
