import { errorSchema } from '@lokal/shared/schemas/common';
import {
  bookingReviewParamsSchema,
  profileReviewsParamsSchema,
  profileReviewsQuerySchema,
  profileReviewsResponseSchema,
  reviewInputSchema,
  reviewStateSchema,
} from '@lokal/shared/schemas/reviews';
import { signedInScope } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { ModulePlugin } from '../context.ts';
import { contactRuleOf } from '../discovery/contact-rule.ts';
import { createReviewsRepository } from './repository.ts';
import { createReviewsService, type ReviewsService } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const reviewsModule: ModulePlugin = async (app, { ctx }) => {
  const service = createReviewsService({
    repo: createReviewsRepository(ctx.db),
    now: ctx.now,
    assertMayViewTourist: contactRuleOf(ctx).assertMayViewTourist,
  });

  await signedInScope(app, ['tourist', 'guide'], (scope) => participantRoutes(scope, service));
  publicRoutes(app, service);
};

function participantRoutes(app: App, service: ReviewsService) {
  app.get(
    '/bookings/:id/review',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "Both sides' reviews of one of my bookings: mine, theirs once published, whether I may write and until when",
        params: bookingReviewParamsSchema,
        response: { 200: reviewStateSchema, ...errors },
      },
    },
    async (request) => service.state(request.user, request.params.id),
  );

  app.post(
    '/bookings/:id/review',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Review the other side of a completed booking, once, within 14 days; hidden until both wrote or the 14 days end',
        params: bookingReviewParamsSchema,
        body: reviewInputSchema,
        response: { 201: reviewStateSchema, ...errors, 409: errorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.submit(request.user, request.params.id, request.body)),
  );
}

function publicRoutes(app: App, service: ReviewsService) {
  app.get(
    '/profiles/:type/:id/reviews',
    {
      // A guide's profile is public; a tourist's needs a session (the OpenAPI document says it is optional).
      config: { session: 'optional' },
      schema: {
        tags: ['reviews'],
        summary: "A guide's or a tourist's published reviews, newest first, with the rating and count",
        params: profileReviewsParamsSchema,
        querystring: profileReviewsQuerySchema,
        response: { 200: profileReviewsResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.forProfile(request.auth?.user ?? null, request.params.type, request.params.id, request.query),
  );
}
