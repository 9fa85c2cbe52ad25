import type { Role } from '@lokal/shared/schemas/auth';
import { and, desc, eq, ilike, isNull, or, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { perShape } from '../../../db/prepared.ts';
import { invites, sessions } from '../../../db/schema/auth.ts';
import { guideProfiles } from '../../../db/schema/profiles.ts';
import { users } from '../../../db/schema/users.ts';
import { type AuditInput, writeAudit } from '../audit/repository.ts';
import { type AtCursor, contains } from '../console.ts';

// Members and staff accounts. Making someone staff also invites the address, unlists a guide's profile and
// ends the person's sessions, in the one transaction.
export function createUsersRepository(db: Db) {
  /**
   * A page of members after the cursor, with its values given or as placeholders (`null`: that filter is not
   * set): the prepared statements are built from it, and the index test reads its plan.
   */
  const usersQuery = (
    q: string | Placeholder | null,
    role: Role | Placeholder | null,
    limit: number | Placeholder,
    cursor: { at: unknown; id: unknown } | null,
  ) =>
    db
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
        cursorAt: sql<string>`${users.createdAt}::text`,
      })
      .from(users)
      .leftJoin(guideProfiles, eq(guideProfiles.userId, users.id))
      .where(
        and(
          q !== null
            ? or(
                ilike(users.email, q),
                // Accents and case forgiven by the one fold (decision 092).
                sql`lokal_search_fold(${users.displayName}) like lokal_search_fold(${q}::text)`,
              )
            : undefined,
          role !== null ? sql`${users.role} = ${role}` : undefined,
          cursor
            ? sql`(${users.createdAt}, ${users.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit);
  // One statement per shape (a search, a role, after a cursor): built once, then only executed.
  const p = sql.placeholder;
  const pageStatement = perShape((shape) =>
    usersQuery(
      shape.includes('q') ? p('q') : null,
      shape.includes('r') ? p('role') : null,
      p('limit'),
      shape.includes('c') ? { at: p('cursorAt'), id: p('cursorId') } : null,
    ).prepare(`admin_users_${shape || 'all'}`),
  );
  return {
    /**
     * A page of members, newest first by (created_at, id) after the cursor, read from users_created_idx (or
     * users_role_created_idx for one role); a search walks that order until the page is full (decision 043).
     */
    usersPage(q: string, role: Role | undefined, limit: number, cursor: AtCursor | null) {
      return pageStatement(`${q ? 'q' : ''}${role ? 'r' : ''}${cursor ? 'c' : ''}`).execute({
        q: q ? contains(q) : undefined,
        role,
        cursorAt: cursor?.at,
        cursorId: cursor?.id,
        limit,
      });
    },
    usersQuery,

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
