import { errorSchema } from '@lokal/shared/schemas/common';
import {
  favoriteAddSchema,
  favoriteRemoveSchema,
  favoritesResponseSchema,
} from '@lokal/shared/schemas/discovery';
import { requireUser } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { createFavoritesRepository } from './repository.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

// Favorites are a plain per-user list: idempotent add and remove, each user sees only their own.
export function favoritesRoutes(app: App, repo: ReturnType<typeof createFavoritesRepository>) {
  const list = async (userId: string) => ({
    favorites: (await repo.list(userId)).map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
  });

  app.post(
    '/api/favorites/add',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['favorites'],
        summary: 'Add a profile to my favorites (idempotent)',
        body: favoriteAddSchema,
        response: { 200: favoritesResponseSchema, ...errors },
      },
    },
    async (request) => {
      await repo.add(request.auth!.user.id, request.body);
      return list(request.auth!.user.id);
    },
  );

  app.post(
    '/api/favorites/remove',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['favorites'],
        summary: 'Remove a profile from my favorites (idempotent)',
        body: favoriteRemoveSchema,
        response: { 200: favoritesResponseSchema, ...errors },
      },
    },
    async (request) => {
      await repo.remove(request.auth!.user.id, request.body.profileId, request.body.profileType);
      return list(request.auth!.user.id);
    },
  );

  app.get(
    '/api/favorites',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['favorites'],
        summary: 'My favorites',
        response: { 200: favoritesResponseSchema, ...errors },
      },
    },
    async (request) => list(request.auth!.user.id),
  );
}
