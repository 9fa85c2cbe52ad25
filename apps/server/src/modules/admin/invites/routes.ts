import {
  inviteBodySchema,
  inviteParamsSchema,
  inviteSchema,
  invitesQuerySchema,
  invitesResponseSchema,
  pageQuerySchema,
  waitlistInviteResponseSchema,
  waitlistParamsSchema,
  waitlistResponseSchema,
} from '@lokal/shared/schemas/admin';
import { successSchema } from '@lokal/shared/schemas/auth';
import { errorSchema } from '@lokal/shared/schemas/common';
import type { ModulePlugin } from '../../context.ts';
import { auditEntries } from '../audit/service.ts';
import { actorOf, errors, security, tags } from '../console.ts';
import { createInvitesRepository } from './repository.ts';
import { createInvitesService } from './service.ts';

export const invitesRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = createInvitesService({
    repo: createInvitesRepository(ctx.db),
    mailer: ctx.mailer,
    config: ctx.config,
    log: ctx.log,
    audit: auditEntries(ctx.now),
  });

  app.get(
    '/invites',
    {
      schema: {
        tags,
        security,
        summary: 'The beta invite list, newest first, with where each address came from',
        querystring: invitesQuerySchema,
        response: { 200: invitesResponseSchema, ...errors },
      },
    },
    async (request) => service.invites(request.query.q, request.query),
  );

  app.post(
    '/invites',
    {
      schema: {
        tags,
        security,
        summary: 'Add an address to the invite list',
        body: inviteBodySchema,
        response: { 201: inviteSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.addInvite(actorOf(request), request.body.email, 'staff')),
  );

  app.delete(
    '/invites/:email',
    {
      schema: {
        tags,
        security,
        summary: 'Remove an address from the invite list (not those from INVITES or ADMIN_EMAILS)',
        params: inviteParamsSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await service.removeInvite(actorOf(request), request.params.email);
      return { success: true as const };
    },
  );

  app.get(
    '/waitlist',
    {
      schema: {
        tags,
        security,
        summary: 'Beta-access requests not yet invited, one per address, newest first',
        querystring: pageQuerySchema,
        response: { 200: waitlistResponseSchema, ...errors },
      },
    },
    async (request) => service.waitlist(request.query),
  );

  app.post(
    '/waitlist/:id/invite',
    {
      schema: {
        tags,
        security,
        summary: 'Invite the address of a request: e-mails an invitation, then adds it to the invite list',
        params: waitlistParamsSchema,
        response: { 200: waitlistInviteResponseSchema, ...errors, 502: errorSchema },
      },
    },
    async (request) => service.inviteFromWaitlist(actorOf(request), request.params.id),
  );

  app.post(
    '/waitlist/:id/dismiss',
    {
      schema: {
        tags,
        security,
        summary: "Dismiss an address's requests without inviting it",
        params: waitlistParamsSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await service.dismissRequest(actorOf(request), request.params.id);
      return { success: true as const };
    },
  );
};
