import { ADMIN_MESSAGES } from '@lokal/shared/constants/admin';
import { paths } from '@lokal/shared/domain/pages';
import type { InvitesResponse, WaitlistResponse } from '@lokal/shared/schemas/admin';
import type { UserType } from '@lokal/shared/schemas/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { layoutMail, type Mailer } from '../../../plugins/mail.ts';
import type { Actor } from '../audit/repository.ts';
import type { AuditEntries } from '../audit/service.ts';
import { iso, paging } from '../console.ts';
import type { InvitesRepository } from './repository.ts';

export function createInvitesService(deps: {
  repo: InvitesRepository;
  mailer: Mailer;
  config: Config;
  log: Pick<FastifyBaseLogger, 'warn'>;
  audit: AuditEntries;
}) {
  const { repo, mailer, config, log, audit } = deps;
  return {
    async invites(q: string, page: number): Promise<InvitesResponse> {
      const { rows, total } = await repo.invites(q.toLowerCase(), page);
      return {
        invites: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), accountRole: r.accountRole ?? null })),
        total,
        ...paging(page),
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

    async waitlist(page: number): Promise<WaitlistResponse> {
      const { rows, total } = await repo.waitlist(page);
      return {
        entries: rows.map((r) => ({
          ...r,
          requestedAt: iso(r.requestedAt),
          firstRequestedAt: iso(r.firstRequestedAt),
          requests: Number(r.requests),
        })),
        total,
        ...paging(page),
      };
    },

    /** Mails the invitation first: if the mail fails nothing changes and staff can try again. */
    async inviteFromWaitlist(actor: Actor, requestId: string): Promise<{ email: string; role: UserType }> {
      const request = await repo.pendingRequest(requestId);
      if (!request) throw new HttpError(404, ADMIN_MESSAGES.waitlistNotFound, 'request-not-found');
      const { email, role } = request;
      const signup = `${config.publicUrl}${paths[role].signup}`;
      try {
        await mailer.send({
          to: email,
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
