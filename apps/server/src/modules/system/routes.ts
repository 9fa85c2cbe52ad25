import {
  errorSchema,
  healthResponseSchema,
  helloQuerySchema,
  helloResponseSchema,
} from '@lokal/shared/schemas/common';
import type { App } from '../../types.ts';
import type { createSystemRepository } from './repository.ts';

export function systemRoutes(app: App, repo: ReturnType<typeof createSystemRepository>) {
  app.get(
    '/api/hello',
    {
      schema: {
        tags: ['system'],
        summary: 'Greets the caller',
        querystring: helloQuerySchema,
        response: { 200: helloResponseSchema, 400: errorSchema },
      },
    },
    async (request) => ({ message: `Hello, ${request.query.name || 'World'}!` }),
  );

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Answers 200 only when the database answers',
        response: { 200: healthResponseSchema, 503: errorSchema },
      },
    },
    async (_request, reply) => {
      if (!(await repo.ping())) {
        return reply.status(503).send({ message: 'Database unavailable', code: 'database-unavailable' });
      }
      return { status: 'ok' as const, database: 'up' as const, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
}
