import {
  bookingListQuerySchema,
  bookingListResponseSchema,
  bookingParamsSchema,
  bookingReasonSchema,
  bookingRequestSchema,
  bookingResponseSchema,
  cancelSchema,
} from '@lokal/shared/schemas/bookings';
import { errorSchema } from '@lokal/shared/schemas/common';
import { signedInScope } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import { chatServiceOf } from '../chat/service.ts';
import { type AppContext, type ModulePlugin, perApp } from '../context.ts';
import { experiencesOf } from '../experiences/service.ts';
import { localeOf } from '../locale/service.ts';
import { notificationsOf } from '../notifications/service.ts';
import { createBookingsRepository } from './repository.ts';
import { type BookingsService, createBookingsService } from './service.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
};

/** The one bookings service of this app: blocking someone and deleting an account cancel through it. */
export const bookingsServiceOf = perApp((ctx: AppContext) =>
  createBookingsService({
    repo: createBookingsRepository(ctx.db),
    chat: chatServiceOf(ctx),
    notifications: notificationsOf(ctx),
    now: ctx.now,
    countHit: ctx.countHit,
    rateLimitScale: ctx.config.rateLimitScale,
    log: ctx.log,
    publish: ctx.publish,
    rates: () => localeOf(ctx).rates(),
    experiences: experiencesOf(ctx),
  }),
);

export const bookingsModule: ModulePlugin = async (app, { ctx }) => {
  const service = bookingsServiceOf(ctx);

  await signedInScope(app, ['tourist'], (scope) => touristRoutes(scope, service));
  await signedInScope(app, ['tourist', 'guide'], (scope) => participantRoutes(scope, service));
  await signedInScope(app, ['guide'], (scope) => guideRoutes(scope, service));
};

function touristRoutes(app: App, service: BookingsService) {
  app.post(
    '',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Book a slot of a published experience for a party; the server prices it and re-checks the slot. Accepted at once for verified tourists when the experience is instant or the guide auto-accepts',
        body: bookingRequestSchema,
        response: { 201: bookingResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ booking: await service.request(request.user, request.body) }),
  );
}

function participantRoutes(app: App, service: BookingsService) {
  app.get(
    '',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'My bookings, a page at a time (nextCursor): upcoming (requested or accepted, soonest first) or past (newest first)',
        querystring: bookingListQuerySchema,
        response: { 200: bookingListResponseSchema, ...errors },
      },
    },
    async (request) => service.list(request.user, request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['bookings'],
        summary: 'One of my bookings',
        params: bookingParamsSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
    },
    async (request) => ({ booking: await service.get(request.user, request.params.id) }),
  );

  app.post(
    '/:id/cancel',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Either side cancels a requested or accepted booking, with a reason',
        params: bookingParamsSchema,
        body: cancelSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
    },
    async (request) => ({
      booking: await service.act(request.user, request.params.id, 'cancel', request.body.reason),
    }),
  );
}

function guideRoutes(app: App, service: BookingsService) {
  app.post(
    '/:id/accept',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The guide accepts a requested booking',
        params: bookingParamsSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
    },
    async (request) => ({ booking: await service.act(request.user, request.params.id, 'accept', '') }),
  );

  app.post(
    '/:id/decline',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The guide declines a requested booking, optionally saying why',
        params: bookingParamsSchema,
        body: bookingReasonSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
    },
    async (request) => ({
      booking: await service.act(request.user, request.params.id, 'decline', request.body.reason),
    }),
  );
}
