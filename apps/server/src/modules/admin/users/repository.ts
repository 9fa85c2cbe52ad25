import type { Role } from '@lokal/shared/schemas/auth';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { invites, sessions } from '../../../db/schema/auth.ts';
import { guideProfiles } from '../../../db/schema/profiles.ts';
import { users } from '../../../db/schema/users.ts';
import { type AuditInput, writeAudit } from '../audit/repository.ts';
import { contains, pageOf, total } from '../console.ts';

// Members and staff accounts. Making someone staff also invites the address, unlists a guide's profile and
// ends the person's sessions, in the one transaction.
export function createUsersRepository(db: Db) {
  return {
    async users(q: string, role: Role | undefined, page: number) {
      const conditions: SQL[] = [];
      if (q) conditions.push(or(ilike(users.email, contains(q)), ilike(users.displayName, contains(q)))!);
      if (role) conditions.push(eq(users.role, role));
      const where = conditions.length ? and(...conditions) : undefined;
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          name: users.displayName,
          role: users.role,
          onboardingCompleted: users.onboardingCompleted,
          personalityTestCompleted: users.personalityTestCompleted,
          verificationStatus: guideProfiles.verificationStatus,
          suspendedAt: users.suspendedAt,
          suspensionReason: users.suspensionReason,
          deletedAt: users.deletedAt,
          createdAt: users.createdAt,
          lastActiveAt: users.lastActiveAt,
        })
        .from(users)
        .leftJoin(guideProfiles, eq(guideProfiles.userId, users.id))
        .where(where)
        .orderBy(desc(users.createdAt), asc(users.id))
        .limit(pageOf(page).limit)
        .offset(pageOf(page).offset);
      return { rows, total: await total(db.select({ n: count() }).from(users).where(where)) };
    },

    /** The CLI names people by address. */
    async userByEmail(email: string): Promise<{ id: string; role: Role } | null> {
      const [row] = await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      return row ?? null;
    },

    async createStaff(email: string, audit: AuditInput): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ email, role: 'staff', displayName: email.split('@')[0] ?? email })
          .returning({ id: users.id });
        await tx.insert(invites).values({ email, source: 'cli', createdAt: audit.at }).onConflictDoNothing();
        await writeAudit(tx, { ...audit, targetId: row!.id });
        return row!.id;
      });
    },

    /**
     * A tourist or guide becomes staff: out of the marketplace (unlisted, out of the guides' tourist lists),
     * and signed out everywhere, so the next session is a staff one from the staff sign-in.
     */
    async promoteToStaff(userId: string, email: string, audit: AuditInput): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ role: 'staff', onboardingCompleted: false, personalityTestCompleted: false })
          .where(eq(users.id, userId));
        await tx.update(guideProfiles).set({ listed: false }).where(eq(guideProfiles.userId, userId));
        await tx
          .update(sessions)
          .set({ revokedAt: audit.at })
          .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
        await tx.insert(invites).values({ email, source: 'cli', createdAt: audit.at }).onConflictDoNothing();
        await writeAudit(tx, audit);
      });
    },

    /** Deletes a staff account (staff own no marketplace data); its sessions go with it. */
    async removeStaff(userId: string, audit: AuditInput): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(users).where(and(eq(users.id, userId), eq(users.role, 'staff')));
        await writeAudit(tx, audit);
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
