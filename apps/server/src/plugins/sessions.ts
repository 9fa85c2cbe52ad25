import { createHash, randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, SESSION_TTL_MS } from '@lokal/shared/constants/auth';
import type { Role } from '@lokal/shared/schemas/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { App } from '../types.ts';
import { HttpError } from './errors.ts';

export type SessionUser = {
  id: string;
  email: string;
  role: Role;
  displayName: string | null;
  onboardingCompleted: boolean;
  personalityTestCompleted: boolean;
  /** The display currency (prices are shown in it beside the guide's own). */
  currency: string;
};
export type RequestAuth = { sessionId: string; user: SessionUser };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'required': set by requireSession on every route of its scope; 'optional': the route serves everyone and
     * reads a session when there is one. The OpenAPI document declares the session schemes accordingly.
     */
    session?: 'required' | 'optional';
  }
  interface FastifyInstance {
    /**
     * The session of the request's cookie alone (no bearer token), as an API request carrying only that
     * cookie would find it: a page's own session answer (decision 016).
     */
    cookieSession(request: FastifyRequest): Promise<RequestAuth | null>;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
    /**
     * The signed-in user. Behind requireUser (every signed-in scope declares it once) it is always there;
     * read anywhere else without a session, it answers 401.
     */
    readonly user: SessionUser;
  }
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionCookieName(config: Config): string {
  return config.production ? '__Host-lokal_session' : 'lokal_session';
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.production,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.production,
  });
}

/** The raw session token from the cookie or an `Authorization: Bearer` header. */
export function readSessionToken(request: FastifyRequest, config: Config): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies[sessionCookieName(config)] ?? null;
}

type LookUp = (tokenHash: string) => Promise<RequestAuth | null>;
type Forget = (userIds: string[]) => void;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the session of every API request once; routes then ask for what they need. After a write by a
 * member, what this instance remembers of the member's sessions is forgotten (`forget`): the write may have
 * changed them (a name, onboarding, a sign-out).
 */
export function registerSessions(app: App, config: Config, lookUp: LookUp, forget: Forget): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      if (!this.auth) throw new HttpError(401, AUTH_MESSAGES.notAuthenticated, 'unauthenticated');
      return this.auth.user;
    },
  });
  const find = async (token: string | null | undefined) =>
    !token || token.length > 200 ? null : lookUp(sha256(token));
  app.decorate('cookieSession', (request: FastifyRequest) =>
    find(request.cookies[sessionCookieName(config)]),
  );
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    request.auth = await find(readSessionToken(request, config));
  });
  app.addHook('onResponse', async (request) => {
    if (request.auth && !READS.has(request.method)) forget([request.auth.user.id]);
  });
}

/**
 * Routes that all need a signed-in user (optionally of one of these roles), in a scope of their own: the
 * rule is declared once, as the scope's onRequest hook.
 */
export function signedInScope(app: App, roles: Role[], routes: (scope: App) => void) {
  return app.register(async (scope) => {
    requireSession(scope, ...roles);
    routes(scope);
  });
}

/** A route hook (onRequest, so it answers before the body is even read): a signed-in user, optionally of one of the given roles. */
function requireUser(...roles: Role[]) {
  return async (request: FastifyRequest) => {
    if (!request.auth) throw new HttpError(401, AUTH_MESSAGES.notAuthenticated, 'unauthenticated');
    if (roles.length > 0 && !roles.includes(request.auth.user.role)) {
      throw new HttpError(403, 'This action is not available to your account', 'forbidden');
    }
  };
}

/**
 * The access rule of a whole plugin scope: every route in it needs a session (of one of `roles`, when given).
 * The routes are marked `config.session = 'required'`, which the OpenAPI document declares as their security.
 */
export function requireSession(app: App, ...roles: Role[]): void {
  app.addHook('onRequest', requireUser(...roles));
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, session: 'required' };
  });
}
