import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sessions } from '../../../db/schema/auth.ts';
import { guideProfiles, identityDocuments } from '../../../db/schema/profiles.ts';
import { users } from '../../../db/schema/users.ts';
import { listedAgain } from '../../../db/visibility.ts';
import { type AuditInput, writeAudit } from '../audit/repository.ts';

// Staff actions on a member's account (docs/product.md#staff-actions). Each change, its audit row and its
// consequences (sessions ended, profile unlisted) are one transaction.
export function createAccountsRepository(db: Db) {
  return {
    async member(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          role: users.role,
          name: users.displayName,
          suspendedAt: users.suspendedAt,
          deletedAt: users.deletedAt,
          verificationStatus: guideProfiles.verificationStatus,
          guideFirstName: guideProfiles.firstName,
        })
        .from(users)
        .leftJoin(guideProfiles, eq(guideProfiles.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** A warning changes nothing but the record. */
    async warn(audit: AuditInput): Promise<void> {
      await db.transaction((tx) => writeAudit(tx, audit));
    },

    /** False when the account was already suspended. */
    async suspend(userId: string, reason: string, audit: AuditInput): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ suspendedAt: audit.at, suspensionReason: reason })
          .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
          .returning({ id: users.id });
        if (!row) return false;
        // Out of every list: the one visibility column guides are filtered on (db/visibility.ts).
        await tx.update(guideProfiles).set({ listed: false }).where(eq(guideProfiles.userId, userId));
        await tx
          .update(sessions)
          .set({ revokedAt: audit.at })
          .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
        await writeAudit(tx, audit);
        return true;
      });
    },

    /** False when the account was not suspended. */
    async reinstate(userId: string, audit: AuditInput): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ suspendedAt: null, suspensionReason: null })
          .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
          .returning({ id: users.id });
        if (!row) return false;
        await tx.update(guideProfiles).set({ listed: listedAgain }).where(eq(guideProfiles.userId, userId));
        await writeAudit(tx, audit);
        return true;
      });
    },

    /**
     * A verified guide goes back to the review queue (pending, waiting from now); the identity document's 30 days
     * start again from this decision. False when the guide was not verified.
     */
    async unverify(guideId: string, audit: AuditInput): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(guideProfiles)
          .set({
            verified: false,
            verificationStatus: 'pending',
            rejectionReason: null,
            verifiedAt: null,
            verifiedBy: null,
            verificationRequestedAt: audit.at,
          })
          .where(and(eq(guideProfiles.userId, guideId), eq(guideProfiles.verificationStatus, 'verified')))
          .returning({ id: guideProfiles.userId });
        if (!row) return false;
        await tx
          .update(identityDocuments)
          .set({ decidedAt: sql`${audit.at.toISOString()}::timestamptz` })
          .where(eq(identityDocuments.userId, guideId));
        await writeAudit(tx, audit);
        return true;
      });
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
