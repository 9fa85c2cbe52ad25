import { outboxResponseSchema } from '@lokal/shared/schemas/admin';
import type { ModulePlugin } from '../../context.ts';
import { errors, security, tags } from '../console.ts';

export const outboxRoutes: ModulePlugin = async (app, { ctx }) => {
  app.get(
    '/outbox',
    {
      schema: {
        tags,
        security,
        summary: 'Mail that has not left: given up, or waiting after a failure (at most 100, newest first)',
        response: { 200: outboxResponseSchema, ...errors },
      },
    },
    async () => ({ items: await ctx.outbox.stuck() }),
  );
};
