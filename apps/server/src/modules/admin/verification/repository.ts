import { and, asc, count, eq, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { arraysAsJson } from '../../../db/json-row.ts';
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
        // Only what the queue shows: the whole row would carry the search and match columns too.
        profile: arraysAsJson({
          userId: guideProfiles.userId,
          firstName: guideProfiles.firstName,
          lastName: guideProfiles.lastName,
          image: guideProfiles.image,
          city: guideProfiles.city,
          country: guideProfiles.country,
          profession: guideProfiles.profession,
          bio: guideProfiles.bio,
          languages: guideProfiles.languages,
          specialties: guideProfiles.specialties,
          tourTypes: guideProfiles.tourTypes,
          gender: guideProfiles.gender,
          customGender: guideProfiles.customGender,
          pronouns: guideProfiles.pronouns,
          socialMedia: guideProfiles.socialMedia,
          hideProfile: guideProfiles.hideProfile,
          verificationRequestedAt: guideProfiles.verificationRequestedAt,
          createdAt: guideProfiles.createdAt,
        }),
        email: users.email,
        phone: users.phone,
        phoneVerifiedAt: users.phoneVerifiedAt,
        answers: guideAssessments.answers,
        answersSavedAt: guideAssessments.updatedAt,
        document: {
          mimeType: identityDocuments.mimeType,
          size: identityDocuments.size,
          uploadedAt: identityDocuments.uploadedAt,
          decidedAt: identityDocuments.decidedAt,
        },
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
