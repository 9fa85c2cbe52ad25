import { type StaffAction, TRUST_MESSAGES } from '@lokal/shared/constants/trust';
import { paths } from '@lokal/shared/domain/pages';
import type { StaffActionBody, StaffActionResponse } from '@lokal/shared/schemas/trust';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { layoutMail, type Mailer } from '../../../plugins/mail.ts';
import type { NotificationsService } from '../../notifications/service.ts';
import type { Actor } from '../audit/repository.ts';
import type { AuditEntries } from '../audit/service.ts';
import type { AccountsRepository } from './repository.ts';

/**
 * Staff actions on a member (docs/product.md#staff-actions): warn, suspend, reinstate, un-verify. Each needs a
 * reason, is audited, and the person hears of it in the app and by e-mail.
 */
export function createAccountsService(deps: {
  repo: AccountsRepository;
  notifications: Pick<NotificationsService, 'deliver'>;
  mailer: Mailer;
  config: Config;
  log: Pick<FastifyBaseLogger, 'warn'>;
  audit: AuditEntries;
  /** Ends the member's open sockets on every instance (an open tab is signed out live). */
  signOutSockets: (userId: string) => Promise<void>;
  /** A suspension changes who may send: chat's cached send rules are dropped. */
  forgetSendRules: () => void;
}) {
  const { repo, notifications, mailer, config, log, audit } = deps;

  async function tell(userId: string, email: string, title: string, body: string, link: string | null) {
    await notifications
      .deliver(userId, { kind: 'account', title, body, link })
      .catch((err) => log.warn({ err }, 'staff action notification failed'));
    try {
      await mailer.send({
        to: email,
        kind: 'account',
        ...layoutMail({
          subject: `Lokal: ${title}`,
          heading: title,
          paragraphs: [body, 'Questions? Write to support@lokal.app.'],
          action: { label: 'Open Lokal', url: `${config.publicUrl}${link ?? '/'}` },
        }),
      });
      return true;
    } catch (err) {
      log.warn({ err, to: email }, 'staff action mail failed');
      return false;
    }
  }

  async function member(userId: string) {
    const m = await repo.member(userId);
    if (!m) throw new HttpError(404, TRUST_MESSAGES.userNotFound, 'user-not-found');
    if (m.role === 'staff') throw new HttpError(409, TRUST_MESSAGES.notAMember, 'staff-account');
    if (m.deletedAt) throw new HttpError(409, TRUST_MESSAGES.accountDeleted, 'account-deleted');
    return m;
  }

  const reasonLine = (reason: string) => `Reason: ${reason.replace(/[.!?\s]+$/, '')}.`;
  const home = (role: string) => (role === 'guide' ? paths.guide.home : paths.tourist.home);

  return {
    async act(
      actor: Actor,
      action: StaffAction,
      userId: string,
      body: StaffActionBody,
    ): Promise<StaffActionResponse> {
      const m = await member(userId);
      const { reason } = body;
      const details = { email: m.email, reason, ...(body.reportId ? { reportId: body.reportId } : {}) };
      const done = (emailSent: boolean, changes: Partial<StaffActionResponse> = {}): StaffActionResponse => ({
        id: m.id,
        suspended: m.suspendedAt !== null,
        verificationStatus: m.role === 'guide' ? (m.verificationStatus ?? null) : null,
        emailSent,
        ...changes,
      });
      if (action === 'warn') {
        await repo.warn(audit(actor, 'user.warn', 'user', m.id, details));
        const sent = await tell(
          m.id,
          m.email,
          TRUST_MESSAGES.warnedTitle,
          `Our team reviewed your activity on Lokal and asks you to follow the community rules. ${reasonLine(reason)}`,
          home(m.role),
        );
        return done(sent);
      }
      if (action === 'suspend') {
        if (m.suspendedAt) throw new HttpError(409, TRUST_MESSAGES.alreadySuspended, 'already-suspended');
        const ok = await repo.suspend(m.id, reason, audit(actor, 'user.suspend', 'user', m.id, details));
        if (!ok) throw new HttpError(409, TRUST_MESSAGES.alreadySuspended, 'already-suspended');
        deps.forgetSendRules();
        await deps.signOutSockets(m.id);
        const sent = await tell(
          m.id,
          m.email,
          TRUST_MESSAGES.suspendedTitle,
          `Our team suspended your Lokal account: you are signed out and others no longer see you. ${reasonLine(reason)}`,
          null,
        );
        return done(sent, { suspended: true });
      }
      if (action === 'reinstate') {
        if (!m.suspendedAt) throw new HttpError(409, TRUST_MESSAGES.notSuspended, 'not-suspended');
        const ok = await repo.reinstate(m.id, audit(actor, 'user.reinstate', 'user', m.id, details));
        if (!ok) throw new HttpError(409, TRUST_MESSAGES.notSuspended, 'not-suspended');
        deps.forgetSendRules();
        const sent = await tell(
          m.id,
          m.email,
          TRUST_MESSAGES.reinstatedTitle,
          `Our team lifted the suspension of your Lokal account; you can sign in again. ${reasonLine(reason)}`,
          home(m.role),
        );
        return done(sent, { suspended: false });
      }
      // Un-verify: a verified guide only.
      if (m.role !== 'guide' || m.verificationStatus !== 'verified') {
        throw new HttpError(409, TRUST_MESSAGES.notVerified, 'not-verified');
      }
      const ok = await repo.unverify(m.id, audit(actor, 'guide.unverify', 'guide', m.id, details));
      if (!ok) throw new HttpError(409, TRUST_MESSAGES.notVerified, 'not-verified');
      const sent = await tell(
        m.id,
        m.email,
        TRUST_MESSAGES.unverifiedTitle,
        `Our team will review your profile again; until then you reach travellers as an unverified guide. ${reasonLine(reason)}`,
        paths.guide.settings,
      );
      return done(sent, { verificationStatus: 'pending' });
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
