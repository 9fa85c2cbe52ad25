import { errorSchema } from '@lokal/shared/schemas/common';
import {
  byTourTypeQuerySchema,
  guideSearchQuerySchema,
  guideSearchResponseSchema,
  profileParamsSchema,
  profileResponseSchema,
  topTouristsResponseSchema,
  touristListQuerySchema,
  touristListResponseSchema,
  verificationResponseSchema,
} from '@lokal/shared/schemas/discovery';
import { HttpError } from '../../plugins/errors.ts';
import { requireUser } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { DiscoveryService } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export function discoveryRoutes(app: App, service: DiscoveryService) {
  app.get(
    '/api/guides/search',
    {
      schema: {
        tags: ['discovery'],
        summary: 'Search listed guides (name, city, profession, specialties), with filters and a cursor',
        querystring: guideSearchQuerySchema,
        response: { 200: guideSearchResponseSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const { sort, limit, cursor, ...filters } = request.query;
      return service.search(filters, sort, limit, cursor);
    },
  );

  app.get(
    '/api/guides/search/by-tour-type',
    {
      schema: {
        tags: ['discovery'],
        summary: 'Listed guides offering a tour type, with the same optional filters',
        querystring: byTourTypeQuerySchema,
        response: { 200: guideSearchResponseSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const { sort, limit, cursor, ...filters } = request.query;
      return service.search(filters, sort, limit, cursor);
    },
  );

  app.get(
    '/api/profiles/:type/:id',
    {
      // A guide's profile is public; a tourist's needs a session (the OpenAPI document says it is optional).
      config: { session: 'optional' },
      schema: {
        tags: ['discovery'],
        summary: "A guide's or a tourist's public profile, with what this viewer may see",
        params: profileParamsSchema,
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { type, id } = request.params;
      if (type === 'guide')
        return { type, profile: await service.guideProfile(id, request.auth?.user ?? null) };
      if (!request.auth) throw new HttpError(401, 'User not authenticated', 'unauthenticated');
      return { type, profile: await service.touristProfile(id, request.auth.user) };
    },
  );

  app.get(
    '/api/guides/tourists',
    {
      onRequest: requireUser('guide'),
      schema: {
        tags: ['discovery'],
        summary: "Tourists in the guide's city, premium first, with the dashboard figures",
        querystring: touristListQuerySchema,
        response: { 200: touristListResponseSchema, ...errors },
      },
    },
    async (request) => service.touristsForGuide(request.auth!.user, request.query.q, request.query.category),
  );

  app.get(
    '/api/guides/top-tourists',
    {
      onRequest: requireUser('guide'),
      schema: {
        tags: ['discovery'],
        summary: "The three top premium tourists of the guide's city",
        response: { 200: topTouristsResponseSchema, ...errors },
      },
    },
    async (request) => service.topTourists(request.auth!.user),
  );

  app.get(
    '/api/guides/verification',
    {
      onRequest: requireUser('guide'),
      schema: {
        tags: ['discovery'],
        summary: "Whether staff have verified this guide: the review's status and a rejection's reason",
        response: { 200: verificationResponseSchema, ...errors },
      },
    },
    async (request) => service.verification(request.auth!.user),
  );
}
