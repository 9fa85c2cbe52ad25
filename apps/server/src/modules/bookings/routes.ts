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
import { requireUser } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { BookingsService } from './service.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
};

export function bookingsRoutes(app: App, service: BookingsService) {
  app.post(
    '/api/bookings',
    {
      onRequest: requireUser('tourist'),
      schema: {
        tags: ['bookings'],
        summary:
          "Request one of a guide's tour types for a date and start time in the guide's city; accepted at once when the guide auto-accepts verified tourists",
        body: bookingRequestSchema,
        response: { 201: bookingResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ booking: await service.request(request.auth!.user, request.body) }),
  );

  app.get(
    '/api/bookings',
    {
      onRequest: requireUser('tourist', 'guide'),
      schema: {
        tags: ['bookings'],
        summary: 'My bookings: upcoming (requested or accepted, soonest first) or past (newest first)',
        querystring: bookingListQuerySchema,
        response: { 200: bookingListResponseSchema, ...errors },
      },
    },
    async (request) => ({ bookings: await service.list(request.auth!.user, request.query.scope) }),
  );

  app.get(
    '/api/bookings/:id',
    {
      onRequest: requireUser('tourist', 'guide'),
      schema: {
        tags: ['bookings'],
        summary: 'One of my bookings',
        params: bookingParamsSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
    },
    async (request) => ({ booking: await service.get(request.auth!.user, request.params.id) }),
  );

  app.post(
    '/api/bookings/:id/accept',
    {
      onRequest: requireUser('guide'),
      schema: {
        tags: ['bookings'],
        summary: 'The guide accepts a requested booking',
        params: bookingParamsSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
    },
    async (request) => ({ booking: await service.act(request.auth!.user, request.params.id, 'accept', '') }),
  );

  app.post(
    '/api/bookings/:id/decline',
    {
      onRequest: requireUser('guide'),
      schema: {
        tags: ['bookings'],
        summary: 'The guide declines a requested booking, optionally saying why',
        params: bookingParamsSchema,
        body: bookingReasonSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
    },
    async (request) => ({
      booking: await service.act(request.auth!.user, request.params.id, 'decline', request.body.reason),
    }),
  );

  app.post(
    '/api/bookings/:id/cancel',
    {
      onRequest: requireUser('tourist', 'guide'),
      schema: {
        tags: ['bookings'],
        summary: 'Either side cancels a requested or accepted booking, with a reason',
        params: bookingParamsSchema,
        body: cancelSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
    },
    async (request) => ({
      booking: await service.act(request.auth!.user, request.params.id, 'cancel', request.body.reason),
    }),
  );
}
