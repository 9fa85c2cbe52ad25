import {
  bookingAcceptSchema,
  bookingJournalsResponseSchema,
  bookingListQuerySchema,
  bookingListResponseSchema,
  bookingParamsSchema,
  bookingReasonSchema,
  bookingRequestSchema,
  bookingResponseSchema,
  cancelSchema,
} from '@lokal/shared/schemas/bookings';
import { errorSchema } from '@lokal/shared/schemas/common';
import { idempotencyHeadersSchema } from '@lokal/shared/schemas/idempotency';
import { signedInScope } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import { calendarsOf } from '../calendars/service.ts';
import { chatServiceOf } from '../chat/service.ts';
import { type AppContext, type ModulePlugin, perApp } from '../context.ts';
import { experiencesOf } from '../experiences/service.ts';
import { idempotencyOf } from '../idempotency/service.ts';
import { localeOf } from '../locale/service.ts';
import { notificationsOf } from '../notifications/service.ts';
import { embeddedProvider } from '../payments/provider.ts';
import { createLedgerRepository } from '../payments/repository.ts';
import { createPayments } from '../payments/service.ts';
import { type BookingMoneyService, createBookingMoney } from './money.ts';
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
// The money-bearing writes take an Idempotency-Key (decision 086): 422 when it was used for another request.
const keyedErrors = { ...errors, 422: errorSchema };

/** The one bookings service of this app: blocking someone and deleting an account cancel through it. */
const paymentsOf = perApp((ctx: AppContext) =>
  // The embedded provider is the one there is (decision 095); another is chosen here by configuration.
  createPayments({ ledger: createLedgerRepository(ctx.db), provider: embeddedProvider() }),
);

/** Payouts and the ledger's lines of bookings (the payouts job runs through it). */
export const bookingMoneyOf = perApp((ctx: AppContext) =>
  createBookingMoney({
    repo: createBookingsRepository(ctx.db),
    payments: paymentsOf(ctx),
    now: ctx.now,
    log: ctx.log,
    publish: ctx.publish,
  }),
);

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
    payments: paymentsOf(ctx),
    fees: ctx.config.fees,
    calendar: (bookingId, userId) => calendarsOf(ctx).attachment(bookingId, userId),
  }),
);

export const bookingsModule: ModulePlugin = async (app, { ctx }) => {
  const service = bookingsServiceOf(ctx);
  const idem = idempotencyOf(ctx);

  await signedInScope(app, ['tourist'], (scope) => touristRoutes(scope, service, idem));
  await signedInScope(app, ['tourist', 'guide'], (scope) => participantRoutes(scope, service, idem));
  await signedInScope(app, ['guide'], (scope) => guideRoutes(scope, service, idem));
  await signedInScope(app, ['tourist', 'guide', 'staff'], (scope) => moneyRoutes(scope, bookingMoneyOf(ctx)));
};

function moneyRoutes(app: App, service: BookingMoneyService) {
  app.get(
    '/:id/money',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "A booking's ledger: each journal its money events posted (authorize, capture, release, refund, complete, payout) with its entries in minor units; for the booking's two members and staff",
        params: bookingParamsSchema,
        response: { 200: bookingJournalsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      journals: await service.journals(
        request.user.role === 'staff' ? null : request.user,
        request.params.id,
      ),
    }),
  );
}

type Idempotency = ReturnType<typeof idempotencyOf>;

function touristRoutes(app: App, service: BookingsService, idem: Idempotency) {
  app.post(
    '',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Book a slot of a published experience for a party; the server prices it and re-checks the slot. Accepted at once for verified tourists when the experience is instant or the guide auto-accepts',
        headers: idempotencyHeadersSchema,
        body: bookingRequestSchema,
        response: { 201: bookingResponseSchema, ...keyedErrors },
      },
    },
    async (request, reply) =>
      idem.answer(request, reply, 201, async (once) => ({
        booking: await service.request(request.user, request.body, once),
      })),
  );
}

function participantRoutes(app: App, service: BookingsService, idem: Idempotency) {
  app.get(
    '',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'My bookings, a page at a time (nextCursor): upcoming (requested or accepted, soonest first), past (ended, newest first) or cancelled (cancelled or declined, newest first)',
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
        headers: idempotencyHeadersSchema,
        params: bookingParamsSchema,
        body: cancelSchema,
        response: { 200: bookingResponseSchema, ...keyedErrors },
      },
    },
    async (request, reply) =>
      idem.answer(request, reply, 200, async (once) => ({
        booking: await service.act(request.user, request.params.id, 'cancel', request.body.reason, once),
      })),
  );
}

function guideRoutes(app: App, service: BookingsService, idem: Idempotency) {
  app.post(
    '/:id/accept',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The guide accepts a requested booking',
        headers: idempotencyHeadersSchema,
        params: bookingParamsSchema,
        body: bookingAcceptSchema,
        response: { 200: bookingResponseSchema, ...keyedErrors },
      },
    },
    async (request, reply) =>
      idem.answer(request, reply, 200, async (once) => ({
        booking: await service.act(request.user, request.params.id, 'accept', '', once),
      })),
  );

  app.post(
    '/:id/decline',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The guide declines a requested booking, optionally saying why',
        headers: idempotencyHeadersSchema,
        params: bookingParamsSchema,
        body: bookingReasonSchema,
        response: { 200: bookingResponseSchema, ...keyedErrors },
      },
    },
    async (request, reply) =>
      idem.answer(request, reply, 200, async (once) => ({
        booking: await service.act(request.user, request.params.id, 'decline', request.body.reason, once),
      })),
  );
}
