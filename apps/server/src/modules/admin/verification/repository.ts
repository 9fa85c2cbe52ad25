import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { guideAssessments, guideProfiles, identityDocuments } from '../../../db/schema/profiles.ts';
import { users } from '../../../db/schema/users.ts';
import { type AuditInput, writeAudit } from '../audit/repository.ts';
import { pageOf, total } from '../console.ts';

// The review queue: guides who finished onboarding and the assessment and wait for staff.
const waitingGuide = and(
  eq(users.role, 'guide'),
  isNull(users.suspendedAt),
  isNull(users.deletedAt),
  eq(users.onboardingCompleted, true),
  eq(users.personalityTestCompleted, true),
  eq(guideProfiles.verificationStatus, 'pending'),
);

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

    async queue(page: number) {
      const rows = await db
        .select({
          profile: guideProfiles,
          email: users.email,
          phone: users.phone,
          phoneVerifiedAt: users.phoneVerifiedAt,
          answers: guideAssessments.answers,
          document: identityDocuments,
        })
        .from(guideProfiles)
        .innerJoin(users, eq(users.id, guideProfiles.userId))
        .leftJoin(guideAssessments, eq(guideAssessments.userId, guideProfiles.userId))
        .leftJoin(identityDocuments, eq(identityDocuments.userId, guideProfiles.userId))
        .where(waitingGuide)
        // Oldest first: whoever has waited longest is reviewed first.
        .orderBy(
          sql`coalesce(${guideProfiles.verificationRequestedAt}, ${guideProfiles.createdAt})`,
          asc(guideProfiles.userId),
        )
        .limit(pageOf(page).limit)
        .offset(pageOf(page).offset);
      return { rows, total: await waitingCount() };
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
