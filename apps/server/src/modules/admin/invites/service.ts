import { ADMIN_MESSAGES } from '@lokal/shared/constants/admin';
import { paths } from '@lokal/shared/domain/pages';
import type { InvitesResponse, WaitlistResponse } from '@lokal/shared/schemas/admin';
import type { UserType } from '@lokal/shared/schemas/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { layoutMail, type Mailer } from '../../../plugins/mail.ts';
import { decodeCursor, isPgTimestamp } from '../../cursor.ts';
import type { Actor } from '../audit/repository.ts';
import type { AuditEntries } from '../audit/service.ts';
import { iso, type PageQuery, pageOut, readAtCursor } from '../console.ts';
import type { InvitesRepository } from './repository.ts';

/** An address as stored: no space, NUL, other control character or half of a surrogate pair (\p{C}). */
const isStoredText = (v: unknown): v is string => typeof v === 'string' && /^[^\p{C}\s]{1,320}$/u.test(v);

export function createInvitesService(deps: {
  repo: InvitesRepository;
  mailer: Mailer;
  config: Config;
  log: Pick<FastifyBaseLogger, 'warn'>;
  audit: AuditEntries;
}) {
  const { repo, mailer, config, log, audit } = deps;
  return {
    async invites(q: string, query: PageQuery): Promise<InvitesResponse> {
      // The invite list's rows have no id: the address, unique, ends its order.
      const cursor = decodeCursor(query.cursor, (c) =>
        isPgTimestamp(c.at) && isStoredText(c.email) ? { at: c.at, email: c.email } : null,
      );
      const rows = await repo.invitesPage(q.toLowerCase(), query.limit + 1, cursor);
      const { page, nextCursor } = pageOut(rows, query.limit, (r) => ({ at: r.cursorAt, email: r.email }));
      return {
        invites: page.map(({ cursorAt: _, ...r }) => ({
          ...r,
          createdAt: iso(r.createdAt),
          accountRole: r.accountRole ?? null,
        })),
        nextCursor,
      };
    },

    async addInvite(actor: Actor, email: string, source: 'staff' | 'cli') {
      const row = await repo.addInvite(
        email,
        source,
        audit(actor, 'invite.add', 'invite', email, { source }),
      );
      if (!row) throw new HttpError(409, ADMIN_MESSAGES.alreadyInvited(email), 'already-invited');
      return {
        email,
        source: row.source,
        createdAt: iso(row.createdAt),
        accountRole: await repo.accountRole(email),
      };
    },

    async removeInvite(actor: Actor, email: string): Promise<void> {
      // Config addresses come back at every start: removing them here would only pretend.
      if (config.invites.includes(email) || config.adminEmails.includes(email)) {
        throw new HttpError(409, ADMIN_MESSAGES.configInvite, 'config-invite');
      }
      const removed = await repo.removeInvite(email, audit(actor, 'invite.remove', 'invite', email));
      if (!removed) throw new HttpError(404, ADMIN_MESSAGES.inviteNotFound, 'invite-not-found');
    },

    // --- Waitlist ---

    async waitlist(query: PageQuery): Promise<WaitlistResponse> {
      const rows = await repo.waitlistPage(query.limit + 1, readAtCursor(query.cursor));
      const { page, nextCursor } = pageOut(rows, query.limit, (r) => ({ at: r.cursorAt, id: r.id }));
      const asked = new Map((await repo.requestsOf(page.map((r) => r.email))).map((a) => [a.email, a]));
      return {
        entries: page.map((r) => ({
          id: r.id,
          email: r.email,
          role: r.role,
          requestedAt: iso(r.requestedAt),
          firstRequestedAt: iso(asked.get(r.email)?.firstRequestedAt ?? r.requestedAt),
          requests: Number(asked.get(r.email)?.requests ?? 1),
        })),
        nextCursor,
      };
    },

    /** Queues the invitation's mail first (decision 085): if that fails nothing changes and staff can try again. */
    async inviteFromWaitlist(actor: Actor, requestId: string): Promise<{ email: string; role: UserType }> {
      const request = await repo.pendingRequest(requestId);
      if (!request) throw new HttpError(404, ADMIN_MESSAGES.waitlistNotFound, 'request-not-found');
      const { email, role } = request;
      const signup = `${config.publicUrl}${paths[role].signup}`;
      try {
        await mailer.send({
          to: email,
          kind: 'invitation',
          ...layoutMail({
            heading: "You're invited to Lokal",
            paragraphs: [
              role === 'guide'
                ? 'Your request for beta access was approved: you can now apply as a guide on Lokal.'
                : 'Your request for beta access was approved: you can now find and meet local guides on Lokal.',
              'Sign in with this e-mail address; we will send you a magic link, no password needed.',
            ],
            action: { label: 'Join Lokal', url: signup },
          }),
        });
      } catch (err) {
        log.warn({ err, to: email }, 'waitlist invitation mail failed');
        throw new HttpError(502, ADMIN_MESSAGES.mailFailed, 'mail-failed');
      }
      await repo.inviteFromWaitlist(
        email,
        audit(actor, 'waitlist.invite', 'waitlist', email, { role, requestId }),
      );
      return { email, role };
    },

    async dismissRequest(actor: Actor, requestId: string): Promise<void> {
      const request = await repo.pendingRequest(requestId);
      if (!request) throw new HttpError(404, ADMIN_MESSAGES.waitlistNotFound, 'request-not-found');
      await repo.dismissRequests(
        request.email,
        audit(actor, 'waitlist.dismiss', 'waitlist', request.email, { role: request.role }),
      );
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
