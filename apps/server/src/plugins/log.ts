import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/** Query parameters that carry a secret or a person: a sign-in token opens an account for 10 minutes. */
const SECRET_PARAMS = ['token', 'email', 'code'];

/** An e-mail address, plain or URL-encoded (`%40`), wherever it sits in a line. */
const EMAIL = /[\w.%+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi;

/** Replaces every e-mail address in a text with `redacted`. */
export function scrubEmails(text: string): string {
  return text.replace(EMAIL, 'redacted');
}

/**
 * The URL as the request log may keep it: the values of secret query parameters replaced, and any e-mail
 * address elsewhere (a path such as `/api/admin/invites/:email`, a search query) too.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return scrubEmails(url);
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, 'redacted');
      changed = true;
    }
  }
  return scrubEmails(changed ? `${url.slice(0, q)}?${params.toString()}` : url);
}

/**
 * An error as the log may keep it. A failed query's error (drizzle's) names its parameters (an address, a
 * phone, a code's hash): they are dropped, and the PostgreSQL `detail` ("Key (email)=(…)") with them.
 */
export function serializeError(err: Error): Record<string, unknown> {
  const out: Record<string, unknown> = { ...stdSerializers.err(err) };
  delete out.params;
  delete out.detail;
  for (const key of ['message', 'stack'] as const) {
    if (typeof out[key] === 'string') out[key] = (out[key] as string).replace(/\nparams: .*$/gm, '');
  }
  return out;
}

/**
 * Pino options for the server (docs/product.md#sign-in): Fastify's request fields, never a body, with the URL
 * redacted; errors without their query parameters; and, last, every line written without an e-mail address
 * (the mail outbox names its recipient, an error may quote one).
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
      err: serializeError,
    },
    hooks: { streamWrite: scrubEmails },
  };
}
