import {
  auditResponseSchema,
  decisionResponseSchema,
  guideParamsSchema,
  inviteBodySchema,
  inviteParamsSchema,
  inviteSchema,
  invitesQuerySchema,
  invitesResponseSchema,
  pageQuerySchema,
  queueResponseSchema,
  rejectBodySchema,
  reportParamsSchema,
  reportsQuerySchema,
  reportsResponseSchema,
  resolveBodySchema,
  summaryResponseSchema,
  usersQuerySchema,
  usersResponseSchema,
  waitlistInviteResponseSchema,
  waitlistParamsSchema,
  waitlistResponseSchema,
} from '@lokal/shared/schemas/admin';
import { successSchema } from '@lokal/shared/schemas/auth';
import { errorSchema } from '@lokal/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../plugins/sessions.ts';
import type { ModulePlugin } from '../context.ts';
import { type Actor, createAdminRepository } from './repository.ts';
import { createAdminService } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['admin'];
const security: { [label: string]: string[] }[] = [{ cookie: [] }, { bearer: [] }];
const actor = (request: FastifyRequest): Actor => ({ id: request.user.id, email: request.user.email });

export const adminModule: ModulePlugin = async (app, { ctx }) => {
  const service = createAdminService({
    repo: createAdminRepository(ctx.db),
    mailer: ctx.mailer,
    config: ctx.config,
    now: ctx.now,
    log: ctx.log,
    publish: ctx.publish,
  });
  // Checked on request, before the body is even read: nobody but staff learns anything here, not even
  // whether their input would have been valid.
  app.addHook('onRequest', requireUser('staff'));

  app.get(
    '/summary',
    {
      schema: {
        tags,
        security,
        summary: 'What waits for staff: guides to review, waitlist requests, open reports',
        response: { 200: summaryResponseSchema, ...errors },
      },
    },
    async () => service.summary(),
  );

  app.get(
    '/verifications',
    {
      schema: {
        tags,
        security,
        summary:
          'Guides waiting for review, oldest first: profile, assessment answers, verified phone, waiting since',
        querystring: pageQuerySchema,
        response: { 200: queueResponseSchema, ...errors },
      },
    },
    async (request) => service.queue(request.query.page),
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
    async (request) => service.verifyGuide(actor(request), request.params.guideId),
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
    async (request) => service.rejectGuide(actor(request), request.params.guideId, request.body.reason),
  );

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
    async (request) => service.invites(request.query.q, request.query.page),
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
      reply.status(201).send(await service.addInvite(actor(request), request.body.email, 'staff')),
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
      await service.removeInvite(actor(request), request.params.email);
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
    async (request) => service.waitlist(request.query.page),
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
    async (request) => service.inviteFromWaitlist(actor(request), request.params.id),
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
      await service.dismissRequest(actor(request), request.params.id);
      return { success: true as const };
    },
  );

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
    async (request) => service.reports(request.query.status, request.query.page),
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
      await service.resolveReport(actor(request), request.params.id, request.body.resolution);
      return { success: true as const };
    },
  );

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
    async (request) => service.users(request.query.q, request.query.role, request.query.page),
  );

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
    async (request) => service.auditLog(request.query.page),
  );
};
