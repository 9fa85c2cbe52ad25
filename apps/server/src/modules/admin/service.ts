import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  type AuditAction,
  REPORT_PREVIEW_MESSAGES,
} from '@lokal/shared/constants/admin';
import { paths } from '@lokal/shared/domain/pages';
import type {
  AdminReport,
  AdminSummary,
  AuditResponse,
  DecisionResponse,
  InvitesResponse,
  QueueGuide,
  QueueResponse,
  ReportsResponse,
  UsersResponse,
  WaitlistResponse,
} from '@lokal/shared/schemas/admin';
import type { Role, UserType } from '@lokal/shared/schemas/auth';
import type { ServerFrame } from '@lokal/shared/schemas/chat';
import { assessmentSchema } from '@lokal/shared/schemas/onboarding';
import type { Config } from '../../config.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { Actor, AdminRepository, AuditInput } from './repository.ts';

type Log = { warn: (obj: object, msg: string) => void };

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** One plain and one HTML part, in the sign-in mail's style. */
function mail(heading: string, paragraphs: string[], action: { label: string; url: string }) {
  const text = ['Hello,', '', ...paragraphs.flatMap((p) => [p, '']), action.url, '', '— Lokal'].join('\n');
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;background:#faf7f2;color:#1b2433;padding:32px">
<h1 style="font-size:24px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1b2433;color:#faf7f2;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
</body></html>`;
  return { subject: heading, text, html };
}

export function createAdminService(deps: {
  repo: AdminRepository;
  mailer: Mailer;
  config: Config;
  now: () => number;
  log: Log;
  /** Live delivery to the guide's open app (the bell); absent in the CLI, which has no sockets. */
  publish?: (to: string[], frame: ServerFrame) => Promise<void>;
}) {
  const { repo, mailer, config, now, log } = deps;
  const paging = (page: number) => ({ page, pageSize: ADMIN_PAGE_SIZE });

  function audit(
    actor: Actor,
    action: AuditAction,
    targetType: AuditInput['targetType'],
    targetId: string,
    details: Record<string, unknown> = {},
  ): AuditInput {
    return { actor, action, targetType, targetId, details, at: new Date(now()) };
  }

  /** The decision stands whatever happens to the mail; the answer says whether it went. */
  async function tryMail(to: string, m: ReturnType<typeof mail>): Promise<boolean> {
    try {
      await mailer.send({ to, ...m });
      return true;
    } catch (err) {
      log.warn({ err, to }, 'staff console mail failed');
      return false;
    }
  }

  async function reviewable(guideId: string) {
    const g = await repo.guideForReview(guideId);
    if (g?.role !== 'guide') throw new HttpError(404, ADMIN_MESSAGES.guideNotFound, 'guide-not-found');
    if (g.status === 'verified') throw new HttpError(409, ADMIN_MESSAGES.alreadyVerified, 'already-verified');
    if (g.status !== 'pending') throw new HttpError(409, ADMIN_MESSAGES.notPending, 'not-pending');
    if (!g.onboardingCompleted || !g.personalityTestCompleted) {
      throw new HttpError(409, ADMIN_MESSAGES.notReady, 'not-ready');
    }
    return g;
  }

  const raced = () => new HttpError(409, ADMIN_MESSAGES.notPending, 'not-pending');

  type Note = NonNullable<Awaited<ReturnType<AdminRepository['decide']>>>;
  function push(n: Note): void {
    deps
      .publish?.([n.userId], {
        type: 'notification',
        notification: {
          id: n.id,
          kind: n.kind,
          title: n.title,
          body: n.body,
          link: n.link,
          createdAt: n.createdAt.toISOString(),
          readAt: null,
        },
      })
      .catch((err) => log.warn({ err }, 'verification notification push failed'));
  }

  function toQueueGuide(r: Awaited<ReturnType<AdminRepository['verificationQueue']>>['rows'][number]) {
    const p = r.profile;
    const answers = assessmentSchema.safeParse(r.answers);
    return {
      id: p.userId,
      email: r.email,
      name: `${p.firstName} ${p.lastName}`.trim(),
      image: p.image,
      city: p.city,
      country: p.country,
      profession: p.profession,
      bio: p.bio,
      languages: p.languages,
      specialties: p.specialties,
      tourTypes: p.tourTypes,
      gender: p.gender === 'other' ? (p.customGender ?? 'other') : p.gender,
      pronouns: p.pronouns,
      socialMedia: p.socialMedia,
      hideProfile: p.hideProfile,
      phone: r.phone,
      phoneVerifiedAt: isoOrNull(r.phoneVerifiedAt),
      requestedAt: iso(p.verificationRequestedAt ?? p.createdAt),
      assessment: answers.success ? answers.data : null,
    } satisfies QueueGuide;
  }

  async function addInvite(actor: Actor, email: string, source: string) {
    const row = await repo.addInvite(email, source, audit(actor, 'invite.add', 'invite', email, { source }));
    if (!row) throw new HttpError(409, ADMIN_MESSAGES.alreadyInvited(email), 'already-invited');
    const account = await repo.userByEmail(email);
    return { email, source: row.source, createdAt: iso(row.createdAt), accountRole: account?.role ?? null };
  }

  async function verifyGuide(actor: Actor, guideId: string): Promise<DecisionResponse> {
    const g = await reviewable(guideId);
    const at = new Date(now());
    const note = await repo.decide(
      guideId,
      {
        verified: true,
        verificationStatus: 'verified',
        rejectionReason: null,
        verifiedAt: at,
        verifiedBy: actor.id,
      },
      { title: ADMIN_MESSAGES.verifiedTitle, body: ADMIN_MESSAGES.verifiedBody, link: paths.guide.home },
      audit(actor, 'guide.verify', 'guide', guideId, { guideEmail: g.email }),
    );
    if (!note) throw raced();
    push(note);
    const emailSent = await tryMail(
      g.email,
      mail(
        "You're verified on Lokal",
        [
          `Good news, ${g.firstName}: our team has verified your guide profile.`,
          'Your dashboard is open, and every traveller in your city can now hear from you.',
        ],
        { label: 'Open my dashboard', url: `${config.publicUrl}${paths.guide.home}` },
      ),
    );
    return { id: guideId, status: 'verified', emailSent };
  }

  return {
    verifyGuide,

    async summary(): Promise<AdminSummary> {
      return repo.summary();
    },

    async queue(page: number): Promise<QueueResponse> {
      const { rows, total } = await repo.verificationQueue(page);
      return { guides: rows.map(toQueueGuide), total, ...paging(page) };
    },

    async rejectGuide(actor: Actor, guideId: string, reason: string): Promise<DecisionResponse> {
      const g = await reviewable(guideId);
      const note = await repo.decide(
        guideId,
        {
          verified: false,
          verificationStatus: 'rejected',
          rejectionReason: reason,
          verifiedAt: null,
          verifiedBy: null,
        },
        {
          title: ADMIN_MESSAGES.rejectedTitle,
          body: ADMIN_MESSAGES.rejectedBody(reason),
          link: paths.guide.home,
        },
        audit(actor, 'guide.reject', 'guide', guideId, { guideEmail: g.email, reason }),
      );
      if (!note) throw raced();
      push(note);
      const emailSent = await tryMail(
        g.email,
        mail(
          'About your Lokal guide profile',
          [
            `Thank you for applying, ${g.firstName}. Our team could not verify your profile yet.`,
            `Reason: ${reason}`,
            'Update your answers and submit the personality assessment again; we will review your profile again.',
          ],
          { label: 'Update my answers', url: `${config.publicUrl}${paths.guide.personalityTest}` },
        ),
      );
      return { id: guideId, status: 'rejected', emailSent };
    },

    /** The CLI names the guide by e-mail. */
    async verifyGuideByEmail(actor: Actor, email: string): Promise<DecisionResponse> {
      const user = await repo.userByEmail(email);
      if (user?.role !== 'guide') {
        throw new HttpError(404, `${ADMIN_MESSAGES.guideNotFound}: ${email}`, 'guide-not-found');
      }
      return verifyGuide(actor, user.id);
    },

    // --- Invites ---

    async invites(q: string, page: number): Promise<InvitesResponse> {
      const { rows, total } = await repo.invites(q.toLowerCase(), page);
      return {
        invites: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), accountRole: r.accountRole ?? null })),
        total,
        ...paging(page),
      };
    },

    addInvite: (actor: Actor, email: string, source: 'staff' | 'cli') => addInvite(actor, email, source),

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
          ...mail(
            "You're invited to Lokal",
            [
              role === 'guide'
                ? 'Your request for beta access was approved: you can now apply as a guide on Lokal.'
                : 'Your request for beta access was approved: you can now find and meet local guides on Lokal.',
              'Sign in with this e-mail address; we will send you a magic link, no password needed.',
            ],
            { label: 'Join Lokal', url: signup },
          ),
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

    // --- Reports ---

    async reports(status: 'open' | 'resolved', page: number): Promise<ReportsResponse> {
      const { rows, total } = await repo.reports(status, page);
      const ids = [
        ...new Set(rows.flatMap((r) => (r.report.conversationId ? [r.report.conversationId] : []))),
      ];
      const latest = await repo.lastMessages(ids, REPORT_PREVIEW_MESSAGES);
      const person = (p: { id: string; email: string; name: string | null; role: Role }) => ({
        ...p,
        name: p.name ?? p.email,
      });
      return {
        reports: rows.map(
          ({ report: r, reporter, reported, resolverEmail }): AdminReport => ({
            id: r.id,
            reason: r.reason,
            details: r.details,
            createdAt: iso(r.createdAt),
            reporter: person(reporter),
            reported: person(reported),
            conversationId: r.conversationId,
            messages: latest
              .filter((m) => m.conversationId === r.conversationId)
              .map((m) => ({
                id: Number(m.id),
                senderId: m.senderId,
                body: m.body,
                kind: m.kind,
                createdAt: iso(m.createdAt),
              })),
            resolvedAt: isoOrNull(r.resolvedAt),
            resolvedBy: r.resolvedAt ? (resolverEmail ?? null) : null,
            resolution: r.resolution,
          }),
        ),
        total,
        ...paging(page),
      };
    },

    async resolveReport(actor: Actor, id: string, resolution: string): Promise<void> {
      const state = await repo.reportState(id);
      if (!state) throw new HttpError(404, ADMIN_MESSAGES.reportNotFound, 'report-not-found');
      const done = () => new HttpError(409, ADMIN_MESSAGES.alreadyResolved, 'already-resolved');
      if (state.resolved) throw done();
      const ok = await repo.resolveReport(
        id,
        resolution,
        audit(actor, 'report.resolve', 'report', id, { resolution }),
      );
      if (!ok) throw done();
    },

    // --- Users and the audit log ---

    async users(q: string, role: Role | undefined, page: number): Promise<UsersResponse> {
      const { rows, total } = await repo.users(q, role, page);
      return {
        users: rows.map((u) => ({
          ...u,
          verificationStatus: u.role === 'guide' ? (u.verificationStatus ?? null) : null,
          createdAt: iso(u.createdAt),
          lastActiveAt: iso(u.lastActiveAt),
        })),
        total,
        ...paging(page),
      };
    },

    async auditLog(page: number): Promise<AuditResponse> {
      const { rows, total } = await repo.auditLog(page);
      return {
        entries: rows.map((e) => ({ ...e, createdAt: iso(e.createdAt) })),
        total,
        ...paging(page),
      };
    },

    // --- Staff accounts (operator CLI) ---

    /** Creates a staff account, or promotes an existing tourist or guide; either way the address is invited. */
    async addStaff(actor: Actor, email: string): Promise<'created' | 'promoted'> {
      const existing = await repo.userByEmail(email);
      if (existing?.role === 'staff') {
        throw new HttpError(409, ADMIN_MESSAGES.alreadyStaff(email), 'already-staff');
      }
      if (existing) {
        await repo.promoteToStaff(
          existing.id,
          email,
          audit(actor, 'staff.add', 'user', existing.id, { email, from: existing.role }),
        );
        return 'promoted';
      }
      await repo.createStaff(email, audit(actor, 'staff.add', 'user', email, { email, from: null }));
      return 'created';
    },

    async removeStaff(actor: Actor, email: string): Promise<void> {
      if (config.adminEmails.includes(email)) {
        throw new HttpError(409, ADMIN_MESSAGES.stillInConfig(email), 'config-staff');
      }
      const existing = await repo.userByEmail(email);
      if (existing?.role !== 'staff') {
        throw new HttpError(404, ADMIN_MESSAGES.notStaffAccount(email), 'staff-not-found');
      }
      await repo.removeStaff(existing.id, audit(actor, 'staff.remove', 'user', existing.id, { email }));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
