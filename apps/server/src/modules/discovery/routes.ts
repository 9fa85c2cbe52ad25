import type { TravellerSide } from '@lokal/shared/domain/match';
import { errorSchema } from '@lokal/shared/schemas/common';
import {
  byTourTypeQuerySchema,
  type GuideFilters,
  type GuideSort,
  guideSearchQuerySchema,
  guideSearchResponseSchema,
  profileParamsSchema,
  profileResponseSchema,
  topTouristsResponseSchema,
  touristListQuerySchema,
  touristListResponseSchema,
  verificationResponseSchema,
} from '@lokal/shared/schemas/discovery';
import { type SessionUser, signedInScope } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { ModulePlugin } from '../context.ts';
import { localeOf } from '../locale/service.ts';
import { createBestMatch } from '../match/best-match.ts';
import { guideSidesOf, matchOf } from '../match/service.ts';
import { contactRuleOf } from './contact-rule.ts';
import { createDiscoveryRepository } from './repository.ts';
import { createDiscoveryService, type DiscoveryService } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const discoveryModule: ModulePlugin = async (app, { ctx }) => {
  const sides = guideSidesOf(ctx);
  // Loaded in the background: a page that comes first waits for it (docs/decisions/037-best-match.md).
  app.addHook('onReady', async () => void sides.start().catch(() => undefined));
  app.addHook('onClose', () => sides.close());
  const repo = createDiscoveryRepository(ctx.db);
  const service = createDiscoveryService({
    repo,
    now: ctx.now,
    rates: () => localeOf(ctx).rates(),
    searchCacheMs: ctx.config.searchCacheMs,
    contactRule: contactRuleOf(ctx),
    scorerWith: (guide) => matchOf(ctx).scorerWith(guide),
    matchesWith: (traveller, rows) => matchOf(ctx).withGuides(traveller, rows),
    bestMatch: createBestMatch({ sides, rows: (ids) => repo.cardsByIds(ids) }),
  });
  const traveller = (user: SessionUser | null) => matchOf(ctx).traveller(user);
  publicRoutes(app, service, traveller);
  await signedInScope(app, ['guide'], (scope) => guideRoutes(scope, service));
};

type TravellerOf = (user: SessionUser | null) => Promise<TravellerSide | null>;

type SearchQuery = GuideFilters & { sort?: GuideSort; limit: number; cursor?: string };

function publicRoutes(app: App, service: DiscoveryService, travellerOf: TravellerOf) {
  /** A page of either search. */
  async function searchAnswer(query: SearchQuery, user: SessionUser | null) {
    const { sort, limit, cursor, ...filters } = query;
    return service.search(filters, sort, limit, cursor, await travellerOf(user));
  }

  app.get(
    '/guides/search',
    {
      // Open to all; a signed-in traveller's cards carry the match, and "Best match" sorts by it.
      config: { session: 'optional' },
      schema: {
        tags: ['discovery'],
        summary:
          "Search listed guides (name, city, profession, specialties) by where and when: city, a date they are available on, party size, experience type, price per person and language; sorted (best match for a signed-in traveller), with a cursor; a traveller gets each guide's match",
        querystring: guideSearchQuerySchema,
        response: { 200: guideSearchResponseSchema, 400: errorSchema },
      },
    },
    async (request) => searchAnswer(request.query, request.auth?.user ?? null),
  );

  app.get(
    '/guides/search/by-tour-type',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['discovery'],
        summary: 'Listed guides offering a tour type, with the same optional filters',
        querystring: byTourTypeQuerySchema,
        response: { 200: guideSearchResponseSchema, 400: errorSchema },
      },
    },
    async (request) => searchAnswer(request.query, request.auth?.user ?? null),
  );

  app.get(
    '/profiles/:type/:id',
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
      // Tourist profiles are for signed-in guides: reading request.user answers 401 to anyone else.
      return { type, profile: await service.touristProfile(id, request.user) };
    },
  );
}

function guideRoutes(app: App, service: DiscoveryService) {
  app.get(
    '/guides/tourists',
    {
      schema: {
        tags: ['discovery'],
        summary:
          "Tourists in the guide's city, premium first then the most recently active, a page at a time (nextCursor), with the dashboard figures",
        querystring: touristListQuerySchema,
        response: { 200: touristListResponseSchema, ...errors },
      },
    },
    async (request) => service.touristsForGuide(request.user, request.query),
  );

  app.get(
    '/guides/top-tourists',
    {
      schema: {
        tags: ['discovery'],
        summary: "The three top premium tourists of the guide's city",
        response: { 200: topTouristsResponseSchema, ...errors },
      },
    },
    async (request) => service.topTourists(request.user),
  );

  app.get(
    '/guides/verification',
    {
      schema: {
        tags: ['discovery'],
        summary: "Whether staff have verified this guide: the review's status and a rejection's reason",
        response: { 200: verificationResponseSchema, ...errors },
      },
    },
    async (request) => service.verification(request.user),
  );
}
