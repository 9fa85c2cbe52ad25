import {
  decisionResponseSchema,
  guideParamsSchema,
  queueQuerySchema,
  queueResponseSchema,
  rejectBodySchema,
} from '@lokal/shared/schemas/admin';
import { documentFileSchema, guideDocumentParamsSchema } from '@lokal/shared/schemas/trust';
import type { ModulePlugin } from '../../context.ts';
import { sendPrivateFile } from '../../identity/routes.ts';
import { identityOf } from '../../identity/service.ts';
import { notificationsOf } from '../../notifications/service.ts';
import { auditEntries } from '../audit/service.ts';
import { actorOf, errors, security, tags } from '../console.ts';
import { createVerificationRepository } from './repository.ts';
import { createVerificationService } from './service.ts';

export const verificationRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = createVerificationService({
    repo: createVerificationRepository(ctx.db),
    notifications: notificationsOf(ctx),
    evidence: identityOf(ctx).evidence,
    mailer: ctx.mailer,
    config: ctx.config,
    now: ctx.now,
    log: ctx.log,
    audit: auditEntries(ctx.now),
  });

  app.get(
    '/verifications',
    {
      schema: {
        tags,
        security,
        summary:
          'Guides waiting for review, oldest first: profile, assessment answers, verified phone, waiting since; `filter=ready` keeps those ready to verify',
        querystring: queueQuerySchema,
        response: { 200: queueResponseSchema, ...errors },
      },
    },
    async (request) => service.queue(request.query),
  );

  app.post(
    '/verifications/:guideId/verify',
    {
      schema: {
        tags,
        security,
        summary: 'Verify a waiting guide: the dashboard opens, the guide gets an e-mail and a notification',
        params: guideParamsSchema,
        response: { 200: decisionResponseSchema, ...errors },
      },
    },
    async (request) => service.verifyGuide(actorOf(request), request.params.guideId),
  );

  app.post(
    '/verifications/:guideId/reject',
    {
      schema: {
        tags,
        security,
        summary: 'Reject a waiting guide with a reason the guide sees (e-mail and notification)',
        params: guideParamsSchema,
        body: rejectBodySchema,
        response: { 200: decisionResponseSchema, ...errors },
      },
    },
    async (request) => service.rejectGuide(actorOf(request), request.params.guideId, request.body.reason),
  );

  app.get(
    '/verifications/:guideId/document',
    {
      schema: {
        tags,
        security,
        summary: "A guide's identity document (a private file: staff only, never cached)",
        params: guideDocumentParamsSchema,
        response: { 200: documentFileSchema, ...errors },
      },
    },
    async (request, reply) => sendPrivateFile(reply, await identityOf(ctx).file(request.params.guideId)),
  );
};
