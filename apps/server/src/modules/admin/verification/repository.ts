import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
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

  return {
    waitingCount,

    /**
     * A page of the queue after the cursor, longest waiting first by (waiting since, guide id), from
     * guide_profiles_waiting_idx (decision 043). Unawaited: the index test reads its plan.
     */
    queuePage(limit: number, cursor: AtCursor | null) {
      return (
        db
          .select({
            profile: guideProfiles,
            email: users.email,
            phone: users.phone,
            phoneVerifiedAt: users.phoneVerifiedAt,
            answers: guideAssessments.answers,
            document: identityDocuments,
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
          .limit(limit)
      );
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
