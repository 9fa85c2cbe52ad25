import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Serves the built SPA: hashed assets are immutable for a year, index.html is always revalidated.
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasApp = Boolean(webDist && existsSync(path.join(webDist, 'index.html')));
  if (hasApp && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz next to every text file.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method) || !hasApp) {
      return reply
        .status(404)
        .send({ message: `Route ${request.method} ${url} not found`, code: 'not-found' });
    }
    // A file that exists is served by the static plugin; anything else is a client-side route.
    const asset = path.join(webDist!, path.normalize(url));
    if (url.startsWith('/assets/') || (path.extname(url) && !existsSync(asset))) {
      return reply.status(404).send({ message: `File ${url} not found`, code: 'not-found' });
    }
    // index.html carries the prerendered landing page; every other route gets the empty shell.
    const page = url === '/' || !existsSync(path.join(webDist!, 'app.html')) ? 'index.html' : 'app.html';
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile(page);
  });
}
