import { IDENTITY_DOCUMENT_KEEP_DAYS } from '@lokal/shared/constants/trust';
import { and, asc, count, eq, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { jsonOf, jsonTimeOf } from '../../../db/json-row.ts';
import { guideAssessments, guideProfiles, identityDocuments } from '../../../db/schema/profiles.ts';
import { users } from '../../../db/schema/users.ts';
import { type AuditInput, writeAudit } from '../audit/repository.ts';
import { type AtCursor, total } from '../console.ts';

// The review queue: guides who finished onboarding and the assessment and wait for staff.
const waitingGuide = and(
  eq(users.role, 'guide'),
  isNull(users.suspendedAt),
  isNull(users.deletedAt),
  eq(users.onboardingCompleted, true),
  eq(users.personalityTestCompleted, true),
  eq(guideProfiles.verificationStatus, 'pending'),
);

// When the guide first submitted the assessment; the index of the queue holds this very expression.
const waitingSince = sql`coalesce(${guideProfiles.verificationRequestedAt}, ${guideProfiles.createdAt})`;

/**
 * A queued guide as the API sends it (QueueGuide), from its first key to `requestedAt`, as JSON text without
 * the closing brace: the service adds the answers, the document and what is missing (decision 068).
 */
const gp = guideProfiles;
const queueHead = sql<string>`'{"id":"' || ${gp.userId} || '","email":' || ${jsonOf(users.email)}
  || ',"name":' || ${jsonOf(sql`btrim(${gp.firstName} || ' ' || ${gp.lastName})`)}
  || ',"image":' || ${jsonOf(gp.image)} || ',"city":' || ${jsonOf(gp.city)} || ',"country":' || ${jsonOf(gp.country)}
  || ',"profession":' || ${jsonOf(gp.profession)} || ',"bio":' || ${jsonOf(gp.bio)}
  || ',"languages":' || ${jsonOf(gp.languages)} || ',"specialties":' || ${jsonOf(gp.specialties)}
  || ',"tourTypes":' || ${gp.tourTypes}::text
  || ',"gender":' || ${jsonOf(sql`case when ${gp.gender} = 'other' then coalesce(${gp.customGender}, 'other') else ${gp.gender} end`)}
  || ',"pronouns":' || ${jsonOf(gp.pronouns)} || ',"socialMedia":' || ${jsonOf(gp.socialMedia)}
  || ',"hideProfile":' || ${jsonOf(gp.hideProfile)} || ',"phone":' || ${jsonOf(users.phone)}
  || ',"phoneVerifiedAt":' || ${jsonTimeOf(users.phoneVerifiedAt)}
  || ',"requestedAt":' || ${jsonTimeOf(waitingSince)}`;

/** The identity document as the queue shows it (IdentityDocument), kept until 30 days after the decision. */
const d = identityDocuments;
const queueDocument = sql<string>`case when ${d.userId} is null then 'null' else
  '{"mimeType":' || ${jsonOf(d.mimeType)} || ',"size":' || ${d.size} || ',"uploadedAt":' || ${jsonTimeOf(d.uploadedAt)}
  || ',"deleteAfter":' || ${jsonTimeOf(sql`${d.decidedAt} + make_interval(hours => ${sql.raw(String(IDENTITY_DOCUMENT_KEEP_DAYS * 24))})`)}
  || '}' end`;

export function createVerificationRepository(db: Db) {
  const waitingCount = () =>
    total(
      db
        .select({ n: count() })
        .from(guideProfiles)
        .innerJoin(users, eq(users.id, guideProfiles.userId))
        .where(waitingGuide),
    );

  /** A page of the queue after the cursor (values or placeholders), longest waiting first. */
  const queueQuery = (limit: number | Placeholder, cursor: { at: unknown; id: unknown } | null) =>
    db
      .select({
        id: guideProfiles.userId,
        head: queueHead,
        document: queueDocument,
        // The evidence Verify needs, for the page's "missing" (missingEvidence of the service).
        phoneVerified: sql<boolean>`(${users.phone} is not null and ${users.phoneVerifiedAt} is not null)`,
        hasDocument: sql<boolean>`(${identityDocuments.userId} is not null)`,
        // As text: parsed only when this saved version was not seen before (decision 054).
        answers: sql<string | null>`${guideAssessments.answers}::text`,
        answersSavedAt: sql<string | null>`${guideAssessments.updatedAt}::text`,
        cursorAt: sql<string>`${waitingSince}::text`,
      })
      .from(guideProfiles)
      .innerJoin(users, eq(users.id, guideProfiles.userId))
      .leftJoin(guideAssessments, eq(guideAssessments.userId, guideProfiles.userId))
      .leftJoin(identityDocuments, eq(identityDocuments.userId, guideProfiles.userId))
      .where(
        and(
          waitingGuide,
          cursor
            ? sql`(${waitingSince}, ${guideProfiles.userId}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      // Oldest first: whoever has waited longest is reviewed first.
      .orderBy(waitingSince, asc(guideProfiles.userId))
      .limit(limit);
  // Every staff visit to the queue reads a page: built once, then only executed (decision 054).
  const p = sql.placeholder;
  const firstPage = queueQuery(p('limit'), null).prepare('verification_queue_first');
  const laterPage = queueQuery(p('limit'), { at: p('at'), id: p('id') }).prepare('verification_queue_after');

  return {
    waitingCount,

    /**
     * The statement of a page with its values bound, as `queuePage` runs it: the index test reads its plan
     * (it comes from guide_profiles_waiting_idx, decision 043).
     */
    queueQuery,

    /** A page of the queue after the cursor, longest waiting first by (waiting since, guide id). */
    queuePage(limit: number, cursor: AtCursor | null) {
      return cursor
        ? laterPage.execute({ limit, at: cursor.at, id: cursor.id })
        : firstPage.execute({ limit });
    },

    async guideForReview(guideId: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          role: users.role,
          onboardingCompleted: users.onboardingCompleted,
          personalityTestCompleted: users.personalityTestCompleted,
          firstName: guideProfiles.firstName,
          lastName: guideProfiles.lastName,
          status: guideProfiles.verificationStatus,
        })
        .from(guideProfiles)
        .innerJoin(users, eq(users.id, guideProfiles.userId))
        .where(eq(guideProfiles.userId, guideId));
      return row ?? null;
    },

    /** The CLI names the guide by address: the account's id when it is a guide's. */
    async guideIdByEmail(email: string): Promise<string | null> {
      const [row] = await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      return row?.role === 'guide' ? row.id : null;
    },

    /**
     * Records a decision on a guide who is still pending, with its audit row, all or nothing. False when
     * someone else decided first.
     */
    async decide(
      guideId: string,
      change: {
        verified: boolean;
        verificationStatus: 'verified' | 'rejected';
        rejectionReason: string | null;
        verifiedAt: Date | null;
        verifiedBy: string | null;
      },
      audit: AuditInput,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(guideProfiles)
          .set(change)
          .where(and(eq(guideProfiles.userId, guideId), eq(guideProfiles.verificationStatus, 'pending')))
          .returning({ id: guideProfiles.userId });
        if (!row) return false;
        // The identity document is kept 30 days from the decision (docs/product.md#verification).
        await tx
          .update(identityDocuments)
          .set({ decidedAt: audit.at })
          .where(eq(identityDocuments.userId, guideId));
        await writeAudit(tx, audit);
        return true;
      });
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
