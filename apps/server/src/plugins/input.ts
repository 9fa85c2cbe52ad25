import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

export const NUL_MESSAGE = 'Text must not contain the NUL character';
export const BROKEN_TEXT_MESSAGE = 'Text must not contain half of a Unicode character';

// Half of a surrogate pair: JSON carries it as \udfff, which PostgreSQL's jsonb refuses.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored, or null when it can. */
function badText(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  return LONE_SURROGATE.test(text) ? BROKEN_TEXT_MESSAGE : null;
}

/**
 * The first text in some input that cannot be stored (a NUL, half a surrogate pair): where it sits
 * ('body.name', 'query.q' …) and why; null when there is none.
 */
export function findBadText(value: unknown, at: string, depth = 0): { at: string; message: string } | null {
  if (typeof value === 'string') {
    const message = badText(value);
    return message ? { at, message } : null;
  }
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [key, v] of Object.entries(value)) {
    const message = badText(key);
    if (message) return { at, message };
    const found = findBadText(v, `${at}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store U+0000 in text or jsonb, nor half a surrogate pair in jsonb: either, anywhere in the
 * params, query or body, would end as a database error (500) wherever it reaches a query. Refused for every
 * route at once, after the role check.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const bad =
      findBadText(request.params, 'params') ??
      findBadText(request.query, 'querystring') ??
      findBadText(request.body, 'body');
    if (bad) throw new HttpError(400, `${bad.message} (${bad.at})`, 'validation-error');
  });
}
