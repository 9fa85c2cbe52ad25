import { errorSchema } from '@lokal/shared/schemas/common';
import { avatarParamsSchema, avatarQuerySchema, avatarResponseSchema } from '@lokal/shared/schemas/media';
import type { ModulePlugin } from '../context.ts';
import { avatarSvg } from './draw.ts';

export const avatarsModule: ModulePlugin = async (app) => {
  app.get(
    '/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'A deterministic illustrated portrait (SVG, DiceBear Personas)',
        params: avatarParamsSchema,
        querystring: avatarQuerySchema,
        response: { 200: avatarResponseSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const seed = request.params.file.replace(/\.svg$/, '');
      // Same seed, same picture: safe to cache for a year.
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(avatarSvg(seed, request.query.style));
    },
  );
};
