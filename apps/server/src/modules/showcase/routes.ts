import { showcaseResponseSchema } from '@lokal/shared/schemas/showcase';
import type { ModulePlugin } from '../context.ts';
import { createShowcaseRepository } from './repository.ts';
import { createShowcaseService } from './service.ts';

export const showcaseModule: ModulePlugin = async (app, { ctx }) => {
  const service = createShowcaseService(createShowcaseRepository(ctx.db), ctx.now);

  app.get(
    '',
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
};
