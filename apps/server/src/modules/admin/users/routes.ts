import { usersQuerySchema, usersResponseSchema } from '@lokal/shared/schemas/admin';
import type { ModulePlugin } from '../../context.ts';
import { auditEntries } from '../audit/service.ts';
import { errors, security, tags } from '../console.ts';
import { createUsersRepository } from './repository.ts';
import { createUsersService } from './service.ts';

export const usersRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = createUsersService({
    repo: createUsersRepository(ctx.db),
    config: ctx.config,
    audit: auditEntries(ctx.now),
  });

  app.get(
    '/users',
    {
      schema: {
        tags,
        security,
        summary: 'Members by e-mail or name, newest first, with role, progress and last activity',
        querystring: usersQuerySchema,
        response: { 200: usersResponseSchema, ...errors },
      },
    },
    async (request) => service.users(request.query.q, request.query.role, request.query),
  );
};
