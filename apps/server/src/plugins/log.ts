import type { FastifyInstance, FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';
import pretty from 'pino-pretty';
import { isInternalRead } from './internal-reads.ts';

/** Query parameters that carry a secret or a person: a sign-in token opens an account for 10 minutes. */
const SECRET_PARAMS = ['token', 'email', 'code'];

/** An e-mail address, plain or URL-encoded (`%40`), wherever it sits in a line. */
const EMAIL = /[\w.%+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi;

const CALENDAR_FEED = /(\/api\/calendar\/)[^/?]*/;

/** Replaces every e-mail address in a text with `redacted`. */
export function scrubEmails(text: string): string {
  return text.replace(EMAIL, 'redacted');
}

/**
 * The URL as the request log may keep it: the values of secret query parameters replaced, and any e-mail
 * address elsewhere (a path such as `/api/admin/invites/:email`, a search query) too, and a calendar feed's token.
 */
export function redactUrl(raw: string): string {
  // A calendar feed's address is its secret (decision 096).
  const url = raw.replace(CALENDAR_FEED, '$1redacted.ics');
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
 * (the mail outbox names its recipient, an error may quote one). Outside production, without a stream of its
 * own, the lines are printed readably (pino-pretty) instead of as JSON.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }, readable = false) {
  const out =
    stream ??
    (readable
      ? pretty({
          sync: true,
          colorize: Boolean(process.stdout.isTTY),
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname',
          singleLine: true,
        })
      : undefined);
  return {
    level,
    ...(out ? { stream: out } : {}),
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

/**
 * One line per request (Fastify's own two lines are off): method, route pattern, status and time in
 * milliseconds. The pattern (`/api/profiles/tourist/:id`) never holds a token, an address or an id; a page
 * or an unknown path is named by its path without the query, addresses scrubbed. Static files are not logged.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    // A page's first reads belong to the page's line.
    if (isInternalRead(request)) return;
    const pattern = request.routeOptions.url;
    const pathname = request.url.split('?')[0] ?? '/';
    const page = pattern === '/*';
    if (!page && pattern && !pattern.startsWith('/api') && pattern !== '/') return; // a static file
    if (pattern === undefined && pathname.includes('.') && !pathname.startsWith('/api')) return;
    const route = page || pattern === undefined ? redactUrl(pathname) : pattern;
    const line = {
      method: request.method,
      route,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (reply.statusCode >= 500) request.log.error(line, 'request');
    else request.log.info(line, 'request');
  });
}
