import {
  reportParamsSchema,
  reportsQuerySchema,
  reportsResponseSchema,
  resolveBodySchema,
} from '@lokal/shared/schemas/admin';
import { successSchema } from '@lokal/shared/schemas/auth';
import type { ModulePlugin } from '../../context.ts';
import { auditEntries } from '../audit/service.ts';
import { actorOf, errors, security, tags } from '../console.ts';
import { createReportsRepository } from './repository.ts';
import { createReportsService } from './service.ts';

export const reportsRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = createReportsService({
    repo: createReportsRepository(ctx.db),
    audit: auditEntries(ctx.now),
  });

  app.get(
    '/reports',
    {
      schema: {
        tags,
        security,
        summary: 'Reports from chat with both people and the last messages of their conversation',
        querystring: reportsQuerySchema,
        response: { 200: reportsResponseSchema, ...errors },
      },
    },
    async (request) => service.reports(request.query.status, request.query),
  );

  app.post(
    '/reports/:id/resolve',
    {
      schema: {
        tags,
        security,
        summary: 'Resolve a report with a note on what was done',
        params: reportParamsSchema,
        body: resolveBodySchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await service.resolveReport(actorOf(request), request.params.id, request.body.resolution);
      return { success: true as const };
    },
  );
};
