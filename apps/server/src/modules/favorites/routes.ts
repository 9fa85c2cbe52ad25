import { errorSchema } from '@lokal/shared/schemas/common';
import {
  FAVORITES_PAGE_SIZE,
  favoriteAddSchema,
  favoriteKeysResponseSchema,
  favoriteListQuerySchema,
  favoriteRemoveSchema,
  favoritesResponseSchema,
  favoriteTypeSchema,
} from '@lokal/shared/schemas/discovery';
import { requireSession } from '../../plugins/sessions.ts';
import type { ModulePlugin } from '../context.ts';
import { decodeCursor, encodeCursor, isPgTimestamp } from '../cursor.ts';
import { createFavoritesRepository, type FavoriteCursor } from './repository.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

// Favorites are a plain per-user list: idempotent add and remove, each user sees only their own.
export const favoritesModule: ModulePlugin = async (app, { ctx }) => {
  const repo = createFavoritesRepository(ctx.db);
  requireSession(app);

  // Add and remove answer the first page, as a GET without a cursor would.
  const list = async (
    userId: string,
    query: { cursor?: string; limit: number } = { limit: FAVORITES_PAGE_SIZE },
  ) => {
    const cursor = decodeCursor<FavoriteCursor>(query.cursor, (c) => {
      const type = favoriteTypeSchema.safeParse(c.type);
      return isPgTimestamp(c.at) && type.success && typeof c.id === 'string' && c.id.length <= 100
        ? { at: c.at, type: type.data, id: c.id }
        : null;
    });
    const rows = await repo.list(userId, query.limit + 1, cursor);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      favorites: page.map(({ cursorAt: _, ...f }) => ({ ...f, createdAt: f.createdAt.toISOString() })),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor({
              at: last.cursorAt,
              type: last.profileType,
              id: last.profileId,
            } satisfies FavoriteCursor)
          : null,
    };
  };

  app.post(
    '/add',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Add a profile to my favorites (idempotent)',
        body: favoriteAddSchema,
        response: { 200: favoritesResponseSchema, ...errors },
      },
    },
    async (request) => {
      await repo.add(request.user.id, request.body);
      return list(request.user.id);
    },
  );

  app.post(
    '/remove',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Remove a profile from my favorites (idempotent)',
        body: favoriteRemoveSchema,
        response: { 200: favoritesResponseSchema, ...errors },
      },
    },
    async (request) => {
      await repo.remove(request.user.id, request.body.profileId, request.body.profileType);
      return list(request.user.id);
    },
  );

  app.get(
    '',
    {
      schema: {
        tags: ['favorites'],
        summary: 'My favorites, last saved first, a page at a time (nextCursor)',
        querystring: favoriteListQuerySchema,
        response: { 200: favoritesResponseSchema, ...errors },
      },
    },
    async (request) => list(request.user.id, request.query),
  );

  app.get(
    '/ids',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Which profiles I saved (type and id only), for the hearts on any card',
        response: { 200: favoriteKeysResponseSchema, ...errors },
      },
    },
    async (request) => ({ favorites: await repo.keys(request.user.id) }),
  );
};
