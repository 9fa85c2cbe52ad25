import { ADMIN_MESSAGES } from '@lokal/shared/constants/admin';
import {
  AUTH_MESSAGES,
  MAGIC_LINK_TTL_MS,
  MOCK_UID_PREFIX,
  SESSION_IDLE_MS,
  SESSION_SEEN_EVERY_MS,
  SESSION_TTL_MS,
} from '@lokal/shared/constants/auth';
import { paths } from '@lokal/shared/domain/pages';
import { safeRedirect } from '@lokal/shared/domain/redirect';
import type { Locale } from '@lokal/shared/i18n/locales';
import type {
  LinkBody,
  LinkState,
  RequestLinkBody,
  Role,
  SessionResponse,
  StatusResponse,
  UserType,
  VerifyBody,
} from '@lokal/shared/schemas/auth';
import type { Config } from '../../config.ts';
import { HttpError } from '../../plugins/errors.ts';
import { layoutMail } from '../../plugins/mail.ts';
import { createRateLimiter, type RateRule } from '../../plugins/rate-limit.ts';
import { createSessionCache } from '../../plugins/session-cache.ts';
import { newToken, type RequestAuth, type SessionUser, sha256 } from '../../plugins/sessions.ts';
import { translatorFor } from '../../plugins/translations.ts';
import { type AppContext, perApp } from '../context.ts';
import type { Outbox } from '../outbox/service.ts';
import { type AuthRepository, createAuthRepository, type FoundSession } from './repository.ts';

const MINUTE = 60_000;
/** Sign-in mail failing this long: a request for a link is told so (docs/product.md#mail-and-sms). */
const MAIL_DOWN_AFTER_MS = 2 * MINUTE;

function limits(scale: number) {
  const rule = (limit: number, minutes: number): RateRule => ({
    limit: limit * scale,
    windowMs: minutes * MINUTE,
  });
  return {
    linkPerEmail: rule(5, 15),
    linkPerIp: rule(30, 15),
    verifyPerIp: rule(30, 5),
    checkPerIp: rule(30, 5),
    // Each request lands in the staff's waitlist: a script must not flood it, nor bury one address's inbox
    // under invitations (docs/product.md#rate-limits).
    betaPerIp: rule(10, 15),
    betaPerEmail: rule(3, 24 * 60),
  };
}

/** GET /api/auth/session's answer for a request with this session (a page carries it too, decision 016). */
export function sessionAnswer(auth: RequestAuth | null): SessionResponse {
  return { user: auth ? toStatus(auth.user).user : null };
}

export function toStatus(user: SessionUser): StatusResponse {
  return {
    success: true,
    user: {
      id: user.id,
      role: user.role,
      userType: user.role,
      email: user.email,
      displayName: user.displayName,
      onboardingCompleted: user.onboardingCompleted,
      ...(user.role === 'guide' ? { personalityTestCompleted: user.personalityTestCompleted } : {}),
    },
  };
}

/** The sign-in mail, in the language of the page that asked for it (docs/product.md#languages). */
function signInMail(link: string, role: Role, locale: Locale) {
  const t = translatorFor(locale);
  return layoutMail({
    heading: t('signInMail.heading'),
    paragraphs: [t('signInMail.body', { role })],
    action: { label: t('signInMail.action'), url: link },
    notes: [t('signInMail.ignore')],
    locale,
  });
}

export function createAuthService(deps: {
  repo: AuthRepository;
  config: Config;
  outbox: Outbox;
  now: () => number;
}) {
  const { repo, config, outbox, now } = deps;
  const rules = limits(config.rateLimitScale);
  const sessions = createSessionCache<FoundSession>({
    ttlMs: config.sessionCacheMs,
    now,
    userOf: (found) => found.user.id,
  });
  const consume = createRateLimiter((key, start) => repo.countHit(key, start), now);

  function roleConflict(existing: SessionUser): HttpError {
    return new HttpError(409, AUTH_MESSAGES.roleMismatch(existing.role), 'role-mismatch');
  }

  // Staff are the ADMIN_EMAILS addresses and the accounts `npm run lokal -- staff:add` made.
  const inAdminEmails = (email: string) => config.adminEmails.includes(email);
  const staffConflict = () => new HttpError(409, ADMIN_MESSAGES.staffAccount, 'role-mismatch');
  const suspended = () => new HttpError(403, AUTH_MESSAGES.suspended, 'account-suspended');
  const notInvited = () => new HttpError(403, AUTH_MESSAGES.betaTitle, 'not-invited');

  /** The rules for sending an address a link for a role (docs/product.md#sign-in); throws the refusal. */
  async function mayHaveLink(email: string, role: Role): Promise<void> {
    const existing = await repo.findUserByEmail(email);
    if (role === 'staff') {
      if (existing?.role === 'staff') return;
      if (!inAdminEmails(email)) throw notInvited();
      if (existing) throw roleConflict(existing);
      return;
    }
    if (!(await repo.isInvited(email))) throw notInvited();
    // A staff address never gets a tourist or guide link.
    if (existing?.role === 'staff' || (!existing && inAdminEmails(email))) throw staffConflict();
    if (existing && existing.role !== role) throw roleConflict(existing);
    if (existing && (await repo.isSuspended(existing.id))) throw suspended();
  }

  async function sendLink(email: string, role: Role, locale: Locale, redirect?: string): Promise<void> {
    const t = now();
    // Said plainly rather than queued behind minutes of failures (docs/product.md#mail-and-sms).
    const failing = await outbox.failingSince('sign-in');
    if (failing && t - failing.getTime() >= MAIL_DOWN_AFTER_MS) {
      throw new HttpError(503, AUTH_MESSAGES.mailUnavailable, 'mail-unavailable', { 'Retry-After': '60' });
    }
    const token = newToken();
    const area = role === 'staff' ? 'admin' : role;
    // A return address rides along only when it passes the redirect rule (docs/product.md#sign-in).
    const back: Record<string, string> =
      redirect && safeRedirect(redirect, role) === redirect ? { redirect } : {};
    const link = `${config.publicUrl}${paths[area].authRedirect}?${new URLSearchParams({ token, email, ...back })}`;
    const mail = signInMail(link, role, locale);
    await repo.createLoginToken(sha256(token), email, role, new Date(t + MAGIC_LINK_TTL_MS), new Date(t), {
      kind: 'sign-in',
      recipient: email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      consoleLine: `Sign-in link for ${email}: ${link}`,
    });
    outbox.kick();
  }

  /**
   * What a link is without using it. A token of another address or another door counts as unknown: the page
   * learns nothing about a link that is not its own (docs/product.md#sign-in).
   */
  async function linkState(token: string, email: string, roles: readonly Role[]): Promise<LinkState> {
    const row = await repo.findLoginToken(sha256(token));
    if (!row || row.email !== email || !roles.includes(row.role)) return 'unknown';
    if (row.consumedAt) return 'used';
    if (row.expiresAt.getTime() <= now()) return 'expired';
    return 'valid';
  }

  /** Why a link could not be used, as the 400 the page tells apart. */
  async function linkFailure(token: string, email: string, roles: readonly Role[]): Promise<HttpError> {
    const state = await linkState(token, email, roles);
    if (state === 'used') return new HttpError(400, AUTH_MESSAGES.linkUsed, 'link-used');
    if (state === 'expired') return new HttpError(400, AUTH_MESSAGES.linkExpired, 'link-expired');
    return new HttpError(400, AUTH_MESSAGES.invalidLink, 'invalid-link');
  }

  const rolesFor = (role: Role): Role[] => (role === 'staff' ? ['staff'] : [role]);

  async function startSession(user: SessionUser) {
    const token = newToken();
    const t = now();
    await repo.createSession(sha256(token), user.id, new Date(t + SESSION_TTL_MS), new Date(t));
    return token;
  }

  return {
    async syncInvites(): Promise<void> {
      await repo.addInvites([...config.invites, ...config.adminEmails], 'config');
      await repo.pruneRateLimits(new Date(now() - 24 * 60 * MINUTE));
    },

    async requestLink(body: RequestLinkBody, ip: string, locale: Locale): Promise<void> {
      await consume(`link:ip:${ip}`, rules.linkPerIp);
      await consume(`link:email:${body.email}`, rules.linkPerEmail);
      await mayHaveLink(body.email, body.userType);
      await sendLink(body.email, body.userType, locale, body.redirect);
    },

    /** The staff console's link: only for staff; anyone else gets the non-invited answer and no mail. */
    async requestStaffLink(email: string, ip: string, locale: Locale): Promise<void> {
      await consume(`link:ip:${ip}`, rules.linkPerIp);
      await consume(`link:email:${email}`, rules.linkPerEmail);
      await mayHaveLink(email, 'staff');
      await sendLink(email, 'staff', locale);
    },

    /** What a link is, without using it: the page tells its failures apart before asking to continue. */
    async linkStatus(body: LinkBody, ip: string): Promise<LinkState> {
      await consume(`link-check:ip:${ip}`, rules.checkPerIp);
      return linkState(body.token, body.email, rolesFor(body.role));
    },

    /**
     * "Send a new link" from a failed link's page: to the link's address and role, under the same limits and
     * rules as asking for one. A link we do not know gets the same answer whether or not a mail went out,
     * so the page cannot be used to learn which addresses may sign in (docs/product.md#sign-in).
     */
    async resendLink(body: LinkBody, ip: string, locale: Locale): Promise<string> {
      await consume(`link:ip:${ip}`, rules.linkPerIp);
      await consume(`link:email:${body.email}`, rules.linkPerEmail);
      const known = (await linkState(body.token, body.email, rolesFor(body.role))) !== 'unknown';
      if (known) {
        await mayHaveLink(body.email, body.role);
        await sendLink(body.email, body.role, locale);
        return AUTH_MESSAGES.newLinkSent(body.email);
      }
      const allowed = await mayHaveLink(body.email, body.role).then(
        () => true,
        () => false,
      );
      if (allowed) await sendLink(body.email, body.role, locale).catch(() => {});
      return AUTH_MESSAGES.newLinkMaybeSent;
    },

    async joinWaitlist(email: string, userType: UserType, ip: string): Promise<void> {
      await consume(`beta:ip:${ip}`, rules.betaPerIp);
      await consume(`beta:email:${email}`, rules.betaPerEmail);
      await repo.addToWaitlist(email, userType);
    },

    async verify(body: VerifyBody, ip: string) {
      await consume(`verify:ip:${ip}`, rules.verifyPerIp);
      // The token is bound to its e-mail and role: a mismatch leaves it unused. Staff links work only
      // through verifyStaff, so a staff link never makes a tourist or guide, nor the other way round.
      const consumed = await repo.consumeLoginToken(
        sha256(body.token),
        body.email,
        body.userType ? [body.userType] : ['tourist', 'guide'],
        new Date(now()),
      );
      if (!consumed) {
        throw await linkFailure(
          body.token,
          body.email,
          body.userType ? [body.userType] : ['tourist', 'guide'],
        );
      }
      const user = await repo.findOrCreateUser(
        body.email,
        consumed.role,
        body.email.split('@')[0] ?? body.email,
      );
      if (user.role !== consumed.role) throw user.role === 'staff' ? staffConflict() : roleConflict(user);
      // A link sent before the suspension no longer signs in.
      if (await repo.isSuspended(user.id)) throw suspended();
      return { status: toStatus(user), token: await startSession(user) };
    },

    async verifyStaff(body: { token: string; email: string }, ip: string) {
      await consume(`verify:ip:${ip}`, rules.verifyPerIp);
      const consumed = await repo.consumeLoginToken(
        sha256(body.token),
        body.email,
        ['staff'],
        new Date(now()),
      );
      if (!consumed) throw await linkFailure(body.token, body.email, ['staff']);
      const existing = await repo.findUserByEmail(body.email);
      if (existing && existing.role !== 'staff') throw roleConflict(existing);
      // Taken off ADMIN_EMAILS since the link was sent: the link no longer makes an account.
      if (!existing && !inAdminEmails(body.email)) {
        throw new HttpError(400, AUTH_MESSAGES.invalidLink, 'invalid-link');
      }
      const user =
        existing ??
        (await repo.findOrCreateUser(body.email, 'staff', body.email.split('@')[0] ?? body.email));
      return { status: toStatus(user), token: await startSession(user) };
    },

    /** Development only: a real session for a mock user, no e-mail involved. */
    async mockSignIn(email: string, userType: UserType) {
      const normalised = email.trim().toLowerCase();
      const displayName = normalised.split('@')[0] || normalised;
      const existing = await repo.findUserByEmail(normalised);
      if (existing?.role === 'staff' || (!existing && inAdminEmails(normalised))) throw staffConflict();
      if (existing && existing.role !== userType) throw roleConflict(existing);
      const user = existing ?? (await repo.findOrCreateUser(normalised, userType, displayName));
      if (await repo.isSuspended(user.id)) throw suspended();
      return {
        status: toStatus(user),
        token: await startSession(user),
        mockUser: { uid: `${MOCK_UID_PREFIX}${now()}`, email: normalised, displayName },
      };
    },

    async signOut(sessionId: string | undefined): Promise<void> {
      if (sessionId) await repo.revokeSession(sessionId, new Date(now()));
    },

    /** Sign out everywhere: every session of the user ends, this one included (docs/product.md#settings). */
    async signOutEverywhere(userId: string): Promise<void> {
      await repo.revokeUserSessions(userId, new Date(now()));
    },

    async lookUpSession(tokenHash: string): Promise<RequestAuth | null> {
      const t = now();
      // Refused after 30 days, or after 14 days unused (docs/product.md#sign-in). A session read a moment ago
      // comes from the cache (decision 084); what it holds is checked again below.
      const found = await sessions.get(tokenHash, () =>
        repo.findSession(tokenHash, new Date(t), new Date(t - SESSION_IDLE_MS)),
      );
      if (!found || found.expiresAt.getTime() <= t) return null;
      // The last use is written at most once an hour per session, so most requests write nothing. Awaited:
      // a session in use must not end because its write was still on the way.
      if (t - found.lastSeenAt.getTime() >= SESSION_SEEN_EVERY_MS) {
        await repo.touchSession(found.sessionId, new Date(t));
        found.lastSeenAt = new Date(t);
      }
      // Activity drives 'online' and 'last online'; written at most once a minute per user, off the request path.
      if (now() - found.lastActiveAt.getTime() > 60_000) {
        found.lastActiveAt = new Date(now());
        repo.touchUser(found.user.id, found.lastActiveAt).catch(() => {});
      }
      return { sessionId: found.sessionId, user: found.user };
    },

    /** Forgets what this instance remembers of these members' sessions (they changed or signed out). */
    forgetSessions(userIds: string[]): void {
      sessions.forgetUsers(userIds);
    },

    /** Forgets every session this instance remembers (it may have missed sign-outs). */
    forgetAllSessions(): void {
      sessions.forgetAll();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** The one auth service of this app: the session hook looks sessions up through it. */
export const authServiceOf = perApp((ctx: AppContext) => {
  const repo = createAuthRepository(ctx.db);
  // A new link replaces the older ones once its mail is accepted (decision 085).
  ctx.outbox.onSent('sign-in', (tokenHash) => repo.retireOlderLinks(tokenHash, new Date(ctx.now())));
  return createAuthService({ repo, config: ctx.config, outbox: ctx.outbox, now: ctx.now });
});
