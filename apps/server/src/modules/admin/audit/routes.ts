import { auditResponseSchema, pageQuerySchema } from '@lokal/shared/schemas/admin';
import type { ModulePlugin } from '../../context.ts';
import { errors, security, tags } from '../console.ts';
import { createAuditRepository } from './repository.ts';
import { createAuditService } from './service.ts';

export const auditRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = createAuditService(createAuditRepository(ctx.db));

  app.get(
    '/audit',
    {
      schema: {
        tags,
        security,
        summary: 'Every staff and operator action, newest first',
        querystring: pageQuerySchema,
        response: { 200: auditResponseSchema, ...errors },
      },
    },
    async (request) => service.auditLog(request.query),
  );
};
