import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { isInternalRead } from './internal-reads.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The Cache-Control of every /api answer that does not set its own (docs/product.md#caching). */
export const PRIVATE_ANSWER = 'private, no-store';

/** The one origin browsers may write from (and open the WebSocket from): PUBLIC_URL's. */
export function appOrigin(config: Config): string {
  return new URL(config.publicUrl).origin;
}

/**
 * The security headers of every answer, built once: the set Helmet sends by default, with our
 * Content-Security-Policy and referrer policy. (Helmet's Fastify plugin rebuilt them on every request.)
 */
export function securityHeaders(config: Config): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // The bot check's proof-of-work worker is a file of this origin, never a blob (decision 094).
    "worker-src 'self'",
    // Radix and sonner position elements with inline style attributes; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${config.publicUrl.replace(/^http/, 'ws')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join(';');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(config.production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = securityHeaders(config);
  app.addHook('onRequest', async (request, reply) => {
    // A page's first read (decision 016) is written into the page, which carries these headers itself.
    if (isInternalRead(request)) return;
    reply.headers(headers);
    // An API answer is the member's own unless its route makes it public on purpose (photos, avatars and the
    // showcase set their own Cache-Control over this one): no shared cache or browser keeps it (decision 084).
    if (request.url.startsWith('/api/')) reply.header('cache-control', PRIVATE_ANSWER);
  });

  // Browsers send Origin on cross-site writes; API clients without one authenticate by bearer token.
  const allowed = appOrigin(config);
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if ((origin && origin !== allowed) || site === 'cross-site') {
      return reply
        .status(403)
        .send({ message: 'Requests from another site are not allowed', code: 'forbidden-origin' });
    }
  });
}
