import { TRAVEL_STYLE_MESSAGES } from '@lokal/shared/constants/travel-style';
import { errorSchema } from '@lokal/shared/schemas/common';
import { travelStyleResponseSchema, travelStyleSchema } from '@lokal/shared/schemas/travel-style';
import { HttpError } from '../../plugins/errors.ts';
import { requireSession } from '../../plugins/sessions.ts';
import type { ModulePlugin } from '../context.ts';
import { createMatchRepository } from './repository.ts';
import { matchOf } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

const answer = (row: { answers: unknown; updatedAt: Date } | null) => ({
  travelStyle: row ? travelStyleSchema.parse(row.answers) : null,
  updatedAt: row ? row.updatedAt.toISOString() : null,
});

// The traveller's own "Travel style" quiz (docs/product.md#travel-style): read and replaced by its owner only.
export const matchModule: ModulePlugin = async (app, { ctx }) => {
  const repo = createMatchRepository(ctx.db);
  requireSession(app, 'tourist');
  app.addHook('preHandler', async (request) => {
    if (!request.user.onboardingCompleted) {
      throw new HttpError(403, TRAVEL_STYLE_MESSAGES.onboardingRequired, 'onboarding-required');
    }
  });

  app.get(
    '/tourists/travel-style',
    {
      schema: {
        tags: ['match'],
        summary: 'My travel style quiz answers (null until taken)',
        response: { 200: travelStyleResponseSchema, ...errors },
      },
    },
    // Read with the traveller's side of the match, once per session look-up.
    async (request) => answer(await matchOf(ctx).travelStyleOf(request.user)),
  );

  app.post(
    '/tourists/travel-style',
    {
      schema: {
        tags: ['match'],
        summary: 'Save my travel style quiz answers (replaces earlier ones)',
        body: travelStyleSchema,
        response: { 200: travelStyleResponseSchema, ...errors },
      },
    },
    async (request) => answer(await repo.saveTravelStyle(request.user.id, request.body, new Date(ctx.now()))),
  );
};
