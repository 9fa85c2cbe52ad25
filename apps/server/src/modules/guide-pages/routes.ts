import { errorSchema } from '@lokal/shared/schemas/common';
import { experienceParamsSchema } from '@lokal/shared/schemas/experiences';
import {
  experiencePageResponseSchema,
  guidePageResponseSchema,
  guideSlugParamsSchema,
} from '@lokal/shared/schemas/guide-pages';
import { profileReviewsQuerySchema, profileReviewsResponseSchema } from '@lokal/shared/schemas/reviews';
import type { ModulePlugin } from '../context.ts';
import { contactRuleOf } from '../discovery/contact-rule.ts';
import { experiencesOf } from '../experiences/service.ts';
import { localeOf } from '../locale/service.ts';
import { matchOf } from '../match/service.ts';
import { createReviewsRepository } from '../reviews/repository.ts';
import { createReviewsService } from '../reviews/service.ts';
import { createGuidePagesRepository } from './repository.ts';
import { createGuidePagesService } from './service.ts';

const tags = ['guide pages'];
const errors = { 400: errorSchema, 404: errorSchema };

// The public pages: anyone may ask (a shared link opens signed out); what is answered depends on who asks.
export const guidePagesModule: ModulePlugin = async (app, { ctx }) => {
  const locale = localeOf(ctx);
  const experiences = experiencesOf(ctx);
  const service = createGuidePagesService({
    repo: createGuidePagesRepository(ctx.db),
    experiences,
    rates: () => locale.rates(),
    now: ctx.now,
    matchFor: async (viewer, guideId) => {
      const traveller = await matchOf(ctx).traveller(viewer);
      return traveller
        ? ((await matchOf(ctx).withGuideIds(traveller, [guideId])).get(guideId) ?? null)
        : undefined;
    },
    matchWithSide: (viewer, guide) => matchOf(ctx).travellerWith(viewer, guide),
  });
  const reviews = createReviewsService({
    repo: createReviewsRepository(ctx.db),
    now: ctx.now,
    assertMayViewTourist: contactRuleOf(ctx).assertMayViewTourist,
  });

  app.get(
    '/pages/guides/:slug',
    {
      config: { session: 'optional' },
      schema: {
        tags,
        summary:
          "A guide's page: the public preview for anyone; bio, languages, response figures and experiences for members. 404 for a hidden guide except to the guide and staff",
        params: guideSlugParamsSchema,
        response: { 200: guidePageResponseSchema, ...errors },
      },
    },
    async (request) => service.guide(request.params.slug, request.auth?.user ?? null),
  );

  app.get(
    '/pages/experiences/:id',
    {
      config: { session: 'optional' },
      schema: {
        tags,
        summary:
          "An experience's page: the public preview for anyone, the whole experience for members. 404 unless published by a visible guide, except to its guide and staff",
        params: experienceParamsSchema,
        response: { 200: experiencePageResponseSchema, ...errors },
      },
    },
    async (request) => service.experience(request.params.id, request.auth?.user ?? null),
  );

  app.get(
    '/experiences/:id/reviews',
    {
      config: { session: 'optional' },
      schema: {
        tags,
        summary: 'The published reviews of one experience, newest first, with a cursor (whoever may see it)',
        params: experienceParamsSchema,
        querystring: profileReviewsQuerySchema,
        response: { 200: profileReviewsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const e = await experiences.get(request.params.id, request.auth?.user ?? null);
      return reviews.forExperience(e.guideId, e.id, request.query);
    },
  );
};
