import { staffLinkBodySchema, staffVerifyBodySchema } from '@lokal/shared/schemas/admin';
import {
  betaRequestBodySchema,
  linkBodySchema,
  linkStatusResponseSchema,
  mockSignInBodySchema,
  mockSignInResponseSchema,
  requestLinkBodySchema,
  requestLinkResponseSchema,
  sessionResponseSchema,
  statusResponseSchema,
  successSchema,
  verifyBodySchema,
} from '@lokal/shared/schemas/auth';
import { errorSchema } from '@lokal/shared/schemas/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';
import { requestLocale, setLocaleCookie } from '../../plugins/request-locale.ts';
import { clearSessionCookie, setSessionCookie, signedInScope } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { ModulePlugin } from '../context.ts';
import { localeOf } from '../locale/service.ts';
import { authServiceOf, sessionAnswer, toStatus } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema };
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
// The connection's own address (trustProxy is off): a Host header alone is the caller's to choose.
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const authModule: ModulePlugin = async (app, { ctx }) => {
  const service = authServiceOf(ctx);
  const { config } = ctx;
  // A member's language follows them to every device they sign in on (decision 099).
  const keepLocale = async (request: FastifyRequest, reply: FastifyReply, userId: string) =>
    setLocaleCookie(reply, config, await localeOf(ctx).adoptLocale(userId, requestLocale(request)));
  await service.syncInvites();

  app.post(
    '/auth/request-link',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a magic sign-in link to an invited address',
        body: requestLinkBodySchema,
        response: { 200: requestLinkResponseSchema, ...errors, 502: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      await service.requestLink(request.body, request.ip, requestLocale(request));
      return { success: true as const, message: 'Check your email for the sign-in link.' };
    },
  );

  app.post(
    '/auth/beta-request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Record a beta-access request for staff',
        body: betaRequestBodySchema,
        response: { 201: successSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.joinWaitlist(request.body.email, request.body.userType, request.ip);
      return reply.status(201).send({ success: true as const });
    },
  );

  app.post(
    '/auth/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Consume a magic-link token and start a session',
        body: verifyBodySchema,
        response: { 200: statusResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { status, token } = await service.verify(request.body, request.ip);
      setSessionCookie(reply, config, token);
      await keepLocale(request, reply, status.user.id);
      return status;
    },
  );

  // Opened from a link's page: only tells what the link is, never uses it (mail scanners open links).
  app.post(
    '/auth/link-status',
    {
      schema: {
        tags: ['auth'],
        summary: 'Tell whether a sign-in link is valid, expired, used or unknown, without using it',
        body: linkBodySchema,
        response: { 200: linkStatusResponseSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => ({ state: await service.linkStatus(request.body, request.ip) }),
  );

  app.post(
    '/auth/resend-link',
    {
      schema: {
        tags: ['auth'],
        summary: "E-mail a new sign-in link to a failed link's address and role",
        body: linkBodySchema,
        response: { 200: requestLinkResponseSchema, ...errors, 502: errorSchema, 503: errorSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: await service.resendLink(request.body, request.ip, requestLocale(request)),
    }),
  );

  app.post(
    '/auth/staff/request-link',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a staff member a magic link to the staff console',
        body: staffLinkBodySchema,
        response: { 200: requestLinkResponseSchema, ...errors, 502: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      await service.requestStaffLink(request.body.email, request.ip, requestLocale(request));
      return { success: true as const, message: 'Check your email for the sign-in link.' };
    },
  );

  app.post(
    '/auth/staff/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Consume a staff magic-link token and start a staff session',
        body: staffVerifyBodySchema,
        response: { 200: statusResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { status, token } = await service.verifyStaff(request.body, request.ip);
      setSessionCookie(reply, config, token);
      await keepLocale(request, reply, status.user.id);
      return status;
    },
  );

  app.post(
    '/auth/sign-out',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
        response: { 200: successSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      await service.signOut(auth?.sessionId);
      // Other instances forget the session now, not when their cache of it runs out (decision 084).
      if (auth) await ctx.hub.sessionEnded(auth.user.id, auth.sessionId);
      clearSessionCookie(reply, config);
      return { success: true as const };
    },
  );

  // The browser's first question: answered 200 either way, so a signed-out visit logs no error.
  app.get(
    '/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The current session user, or null when signed out',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => sessionAnswer(request.auth),
  );

  // Development only: not even registered in production.
  if (!config.production) {
    app.post(
      '/dev/mock-sign-in',
      {
        schema: {
          tags: ['development'],
          summary: 'Development only: sign in as a mock user on localhost',
          body: mockSignInBodySchema,
          response: { 200: mockSignInResponseSchema, 404: errorSchema, ...errors },
        },
      },
      async (request, reply) => {
        // docs/product.md#development-panel: a localhost name and a loopback connection, else as in production.
        const host = (request.headers.host ?? '').replace(/:\d+$/, '');
        if (!LOCAL_HOSTS.has(host) || !LOOPBACK.has(request.socket.remoteAddress ?? '')) {
          throw new HttpError(404, 'Route not found', 'not-found');
        }
        const result = await service.mockSignIn(request.body.email, request.body.userType);
        setSessionCookie(reply, config, result.token);
        await keepLocale(request, reply, result.status.user.id);
        return { ...result.status, mockUser: result.mockUser };
      },
    );
  }

  await signedInScope(app, [], signedInRoutes);
};

function signedInRoutes(app: App) {
  app.get(
    '/users/status',
    {
      schema: {
        tags: ['users'],
        summary: "The signed-in user's role and progress",
        security: [{ cookie: [] }, { bearer: [] }],
        response: { 200: statusResponseSchema, ...errors },
      },
    },
    async (request) => toStatus(request.user),
  );
}
