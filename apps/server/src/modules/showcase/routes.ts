import { showcaseResponseSchema } from '@lokal/shared/schemas/showcase';
import type { App } from '../../types.ts';
import type { createShowcaseService } from './service.ts';

export function showcaseRoutes(app: App, service: ReturnType<typeof createShowcaseService>) {
  app.get(
    '/api/showcase',
    {
      schema: {
        tags: ['landing'],
        summary: "The landing page's featured guides and travelers",
        response: { 200: showcaseResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return service.landing();
    },
  );
}
