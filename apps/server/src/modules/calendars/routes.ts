import { bookingParamsSchema } from '@lokal/shared/schemas/bookings';
import {
  calendarFeedCreatedSchema,
  calendarFeedParamsSchema,
  calendarFeedSchema,
  calendarFileSchema,
  calendarImportInputSchema,
  calendarImportParamsSchema,
  calendarImportsSchema,
} from '@lokal/shared/schemas/calendars';
import { errorSchema } from '@lokal/shared/schemas/common';
import { signedInScope } from '../../plugins/sessions.ts';
import type { ModulePlugin } from '../context.ts';
import { calendarImportsOf } from './imports.ts';
import { calendarsOf } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const importErrors = { ...errors, 409: errorSchema, 429: errorSchema };
const CALENDAR = 'text/calendar; charset=utf-8';
// A revoked feed must stop at once and a booking's file is personal: no cache keeps either (decision 096).
const NO_STORE = 'private, no-store';

export const calendarsModule: ModulePlugin = async (app, { ctx }) => {
  const service = calendarsOf(ctx);

  // The token in the address is the credential: no session (docs/product.md#calendars).
  app.get(
    '/calendar/:file',
    {
      schema: {
        tags: ['calendars'],
        summary:
          "A member's private calendar feed (`<token>.ics`): their upcoming bookings and those of the last 30 days",
        params: calendarFeedParamsSchema,
        response: { 200: calendarFileSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const body = await service.feedCalendar(request.params.file);
      return reply.type(CALENDAR).header('Cache-Control', NO_STORE).send(body);
    },
  );

  // The booking's two members, and staff; anyone else gets 404.
  await signedInScope(app, ['tourist', 'guide', 'staff'], (scope) => {
    scope.get(
      '/bookings/:id/calendar.ics',
      {
        schema: {
          tags: ['calendars'],
          summary: 'A booking as an .ics invitation (or its cancellation), for "Add to calendar"',
          params: bookingParamsSchema,
          response: { 200: calendarFileSchema, ...errors },
        },
      },
      async (request, reply) => {
        const body = await service.forBooking(request.user, request.params.id);
        return reply
          .type(CALENDAR)
          .header('Cache-Control', NO_STORE)
          .header('Content-Disposition', `attachment; filename="lokal-booking-${request.params.id}.ics"`)
          .send(body);
      },
    );
  });

  await signedInScope(app, ['tourist', 'guide'], (scope) => {
    scope.get(
      '/calendar-feed',
      {
        schema: {
          tags: ['calendars'],
          summary: 'Whether I have a calendar feed (its address is shown only when it is made)',
          response: { 200: calendarFeedSchema, ...errors },
        },
      },
      async (request) => service.feed(request.user),
    );
    scope.post(
      '/calendar-feed',
      {
        schema: {
          tags: ['calendars'],
          summary: 'Make a new secret calendar feed address; an older one stops working',
          response: { 200: calendarFeedCreatedSchema, ...errors },
        },
      },
      async (request) => service.createFeed(request.user),
    );
    scope.delete(
      '/calendar-feed',
      {
        schema: {
          tags: ['calendars'],
          summary: 'Revoke my calendar feed: its address answers 404 at once',
          response: { 200: calendarFeedSchema, ...errors },
        },
      },
      async (request) => {
        await service.revokeFeed(request.user);
        return { feed: null };
      },
    );
  });

  // A guide's other calendars, whose busy times remove slots (docs/product.md#calendars).
  const imports = calendarImportsOf(ctx);
  await signedInScope(app, ['guide'], (scope) => {
    scope.get(
      '/calendar-imports',
      {
        schema: {
          tags: ['calendars'],
          summary: 'My other calendars: each with its last sync, its number of events and its last error',
          response: { 200: calendarImportsSchema, ...errors },
        },
      },
      async (request) => imports.list(request.user),
    );
    scope.post(
      '/calendar-imports',
      {
        schema: {
          tags: ['calendars'],
          summary:
            'Import a calendar by its ICS address (synced at once, then every 15 minutes); 400 when it cannot be fetched or read',
          body: calendarImportInputSchema,
          response: { 200: calendarImportsSchema, ...importErrors },
        },
      },
      async (request) => imports.add(request.user, request.body.url),
    );
    scope.delete(
      '/calendar-imports/:id',
      {
        schema: {
          tags: ['calendars'],
          summary: 'Stop importing a calendar: its busy times no longer remove slots',
          params: calendarImportParamsSchema,
          response: { 200: calendarImportsSchema, ...errors },
        },
      },
      async (request) => imports.remove(request.user, request.params.id),
    );
  });
};
