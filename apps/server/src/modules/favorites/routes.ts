import { errorSchema } from '@lokal/shared/schemas/common';
import {
  favoriteAddSchema,
  favoriteRemoveSchema,
  favoritesResponseSchema,
} from '@lokal/shared/schemas/discovery';
import { requireSession } from '../../plugins/sessions.ts';
import type { ModulePlugin } from '../context.ts';
import { createFavoritesRepository } from './repository.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

// Favorites are a plain per-user list: idempotent add and remove, each user sees only their own.
export const favoritesModule: ModulePlugin = async (app, { ctx }) => {
  const repo = createFavoritesRepository(ctx.db);
  requireSession(app);

  const list = async (userId: string) => ({
    favorites: (await repo.list(userId)).map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
  });

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
        summary: 'My favorites',
        response: { 200: favoritesResponseSchema, ...errors },
      },
    },
    async (request) => list(request.user.id),
  );
};
