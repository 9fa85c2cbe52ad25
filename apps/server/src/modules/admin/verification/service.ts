import { ADMIN_MESSAGES } from '@lokal/shared/constants/admin';
import { IDENTITY_DOCUMENT_KEEP_DAYS, TRUST_MESSAGES } from '@lokal/shared/constants/trust';
import { paths } from '@lokal/shared/domain/pages';
import type { DecisionResponse, QueueFilter, QueueGuide, QueueResponse } from '@lokal/shared/schemas/admin';
import { type Assessment, assessmentSchema } from '@lokal/shared/schemas/onboarding';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { layoutMail, type Mailer } from '../../../plugins/mail.ts';
import type { NotificationsService } from '../../notifications/service.ts';
import type { Actor } from '../audit/repository.ts';
import type { AuditEntries } from '../audit/service.ts';
import { type PageQuery, pageOut, readAtCursor } from '../console.ts';
import type { VerificationRepository } from './repository.ts';

type QueueRow = Awaited<ReturnType<VerificationRepository['queuePage']>>[number];

/** What Verify still needs: a verified phone and an identity document (docs/product.md#verification). */
export function missingEvidence(e: { phoneVerified: boolean; document: boolean }): string[] {
  return [
    ...(e.phoneVerified ? [] : [TRUST_MESSAGES.missingPhone]),
    ...(e.document ? [] : [TRUST_MESSAGES.missingDocument]),
  ];
}

/** Answers kept at most: more than a few pages of the queue. */
const CHECKED_MAX = 2_000;

/**
 * The stored assessment answers as the queue shows them: parsed by the assessment's own schema, `null` when
 * they no longer fit it (saved under an older version of the questions). Each saved version of a guide's
 * answers is read and parsed once per instance, keyed by the guide and the time they were saved, which every
 * write of the answers sets: `known` gives the answers of a version checked before, `check` parses and keeps
 * a new one.
 */
function answersChecker() {
  const checked = new Map<string, { savedAt: string; answers: Assessment | null }>();
  return {
    known(guideId: string, savedAt: string | null): Assessment | null | undefined {
      if (savedAt === null) return null;
      const hit = checked.get(guideId);
      return hit && hit.savedAt === savedAt ? hit.answers : undefined;
    },
    check(guideId: string, stored: unknown, savedAt: string): Assessment | null {
      const parsed = assessmentSchema.safeParse(stored);
      const answers = parsed.success ? parsed.data : null;
      checked.delete(guideId);
      if (checked.size >= CHECKED_MAX) checked.delete(checked.keys().next().value as string);
      checked.set(guideId, { savedAt, answers });
      return answers;
    },
  };
}

const DAY_MS = 24 * 60 * 60_000;

/** A guide of the queue as staff see it (docs/product.md#verification), with what Verify still needs. */
export function toQueueGuide(r: QueueRow, assessment: Assessment | null): QueueGuide {
  const phoneVerified = r.phone !== null && r.phoneVerifiedAt !== null;
  const decided = r.documentDecidedAt;
  return {
    id: r.id,
    email: r.email,
    name: `${r.firstName} ${r.lastName}`.trim(),
    image: r.image,
    city: r.city,
    country: r.country,
    profession: r.profession,
    bio: r.bio,
    languages: r.languages,
    specialties: r.specialties,
    tourTypes: r.tourTypes,
    gender: r.gender === 'other' ? (r.customGender ?? 'other') : r.gender,
    pronouns: r.pronouns,
    socialMedia: r.socialMedia,
    hideProfile: r.hideProfile,
    phone: r.phone,
    phoneVerifiedAt: r.phoneVerifiedAt?.toISOString() ?? null,
    requestedAt: r.requestedAt.toISOString(),
    assessment,
    // The identity document is kept 30 days from the decision (docs/product.md#verification).
    document:
      r.documentUploadedAt && r.documentMimeType !== null && r.documentSize !== null
        ? {
            mimeType: r.documentMimeType,
            size: r.documentSize,
            uploadedAt: r.documentUploadedAt.toISOString(),
            deleteAfter: decided
              ? new Date(decided.getTime() + IDENTITY_DOCUMENT_KEEP_DAYS * DAY_MS).toISOString()
              : null,
          }
        : null,
    missing: missingEvidence({ phoneVerified, document: r.documentUploadedAt !== null }),
    ready: r.ready,
  };
}

export function createVerificationService(deps: {
  repo: VerificationRepository;
  /** The guide hears of the decision in the app (the bell) as well as by e-mail. */
  notifications: Pick<NotificationsService, 'deliver'>;
  /** A verified phone and an uploaded document are the evidence Verify needs. */
  evidence: (guideId: string) => Promise<{ phoneVerified: boolean; document: boolean }>;
  mailer: Mailer;
  config: Config;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  audit: AuditEntries;
}) {
  const { repo, notifications, mailer, config, now, log, audit } = deps;
  const answersOf = answersChecker();

  /** The decision stands whatever happens to the mail; the answer says whether it was queued (decision 085). */
  async function tryMail(to: string, m: ReturnType<typeof layoutMail>): Promise<boolean> {
    try {
      await mailer.send({ to, kind: 'verification', ...m });
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

  async function verifyGuide(actor: Actor, guideId: string): Promise<DecisionResponse> {
    const g = await reviewable(guideId);
    const missing = missingEvidence(await deps.evidence(guideId));
    if (missing.length > 0) {
      throw new HttpError(409, TRUST_MESSAGES.evidenceMissing(missing), 'evidence-missing');
    }
    const decided = await repo.decide(
      guideId,
      {
        verified: true,
        verificationStatus: 'verified',
        rejectionReason: null,
        verifiedAt: new Date(now()),
        verifiedBy: actor.id,
      },
      audit(actor, 'guide.verify', 'guide', guideId, { guideEmail: g.email }),
    );
    if (!decided) throw raced();
    await notifications.deliver(guideId, {
      kind: 'verification',
      title: ADMIN_MESSAGES.verifiedTitle,
      body: ADMIN_MESSAGES.verifiedBody,
      link: paths.guide.home,
    });
    const emailSent = await tryMail(
      g.email,
      layoutMail({
        heading: "You're verified on Lokal",
        paragraphs: [
          `Good news, ${g.firstName}: our team has verified your guide profile.`,
          'Your dashboard is open, and every traveller in your city can now hear from you.',
        ],
        action: { label: 'Open my dashboard', url: `${config.publicUrl}${paths.guide.home}` },
      }),
    );
    return { id: guideId, status: 'verified', emailSent };
  }

  return {
    verifyGuide,

    /** A page of the queue, longest waiting first. */
    async queue(query: PageQuery & { filter: QueueFilter }): Promise<QueueResponse> {
      const rows = await repo.queuePage(
        query.limit + 1,
        readAtCursor(query.cursor),
        query.filter === 'ready',
      );
      const { page, nextCursor } = pageOut(rows, query.limit, (r) => ({
        at: r.cursorAt,
        id: r.id,
      }));
      // Answers not seen in this saved version are read in one more statement; most visits have none.
      const answers = new Map(page.map((r) => [r.id, answersOf.known(r.id, r.answersSavedAt)]));
      const unread = page.filter((r) => answers.get(r.id) === undefined).map((r) => r.id);
      if (unread.length > 0) {
        for (const a of await repo.answersOf(unread))
          answers.set(a.id, answersOf.check(a.id, a.answers, a.savedAt));
      }
      // A guide whose answers were deleted in between shows none.
      return { guides: page.map((r) => toQueueGuide(r, answers.get(r.id) ?? null)), nextCursor };
    },

    async rejectGuide(actor: Actor, guideId: string, reason: string): Promise<DecisionResponse> {
      const g = await reviewable(guideId);
      const decided = await repo.decide(
        guideId,
        {
          verified: false,
          verificationStatus: 'rejected',
          rejectionReason: reason,
          verifiedAt: null,
          verifiedBy: null,
        },
        audit(actor, 'guide.reject', 'guide', guideId, { guideEmail: g.email, reason }),
      );
      if (!decided) throw raced();
      await notifications.deliver(guideId, {
        kind: 'verification',
        title: ADMIN_MESSAGES.rejectedTitle,
        body: ADMIN_MESSAGES.rejectedBody(reason),
        link: paths.guide.home,
      });
      const emailSent = await tryMail(
        g.email,
        layoutMail({
          heading: 'About your Lokal guide profile',
          paragraphs: [
            `Thank you for applying, ${g.firstName}. Our team could not verify your profile yet.`,
            `Reason: ${reason}`,
            'Update your answers and submit the personality assessment again; we will review your profile again.',
          ],
          action: { label: 'Update my answers', url: `${config.publicUrl}${paths.guide.personalityTest}` },
        }),
      );
      return { id: guideId, status: 'rejected', emailSent };
    },

    /** The CLI names the guide by e-mail. */
    async verifyGuideByEmail(actor: Actor, email: string): Promise<DecisionResponse> {
      const guideId = await repo.guideIdByEmail(email);
      if (!guideId) throw new HttpError(404, `${ADMIN_MESSAGES.guideNotFound}: ${email}`, 'guide-not-found');
      return verifyGuide(actor, guideId);
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
