import type { Role, UserType } from '@lokal/shared/schemas/auth';
import { and, eq, gt, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invites, loginTokens, rateLimits, sessions, waitlist } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { activeMember } from '../../db/visibility.ts';
import type { RequestAuth, SessionUser } from '../../plugins/sessions.ts';
import { insertOutboxMessage, type NewOutboxMessage } from '../outbox/repository.ts';

const userColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  displayName: users.displayName,
  onboardingCompleted: users.onboardingCompleted,
  personalityTestCompleted: users.personalityTestCompleted,
  currency: users.currency,
};

/** A session found by its token, with what the session hook checks and writes back. */
export type FoundSession = RequestAuth & { lastActiveAt: Date; lastSeenAt: Date; expiresAt: Date };

export function createAuthRepository(db: Db) {
  // Every signed-in request that misses the session cache runs this: built once, then only executed.
  const findSessionStatement = db
    .select({
      sessionId: sessions.id,
      user: userColumns,
      lastActiveAt: users.lastActiveAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
        // A suspended or deleted account has no session, even one that slipped through (docs/product.md#staff-actions).
        activeMember(),
      ),
    )
    .limit(1)
    .prepare('find_session');
  return {
    async addInvites(emails: string[], source: string): Promise<void> {
      if (emails.length === 0) return;
      await db
        .insert(invites)
        .values(emails.map((email) => ({ email, source })))
        .onConflictDoNothing();
    },

    async isInvited(email: string): Promise<boolean> {
      const rows = await db
        .select({ email: invites.email })
        .from(invites)
        .where(eq(invites.email, email))
        .limit(1);
      return rows.length > 0;
    },

    async addToWaitlist(email: string, role: UserType): Promise<void> {
      await db.insert(waitlist).values({ email, role });
    },

    /** Whether staff suspended this account (its sign-in is refused). */
    async isSuspended(userId: string): Promise<boolean> {
      const [row] = await db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, userId));
      return Boolean(row?.at);
    },

    async findUserByEmail(email: string): Promise<SessionUser | null> {
      const [row] = await db
        .select(userColumns)
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      return row ?? null;
    },

    /** Creates the user on first sign-in; an existing account keeps its role. */
    async findOrCreateUser(email: string, role: Role, displayName: string): Promise<SessionUser> {
      await db.insert(users).values({ email, role, displayName }).onConflictDoNothing();
      const [row] = await db
        .select(userColumns)
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      return row!;
    },

    /**
     * Stores a new link's token and its mail in one transaction (decision 085). Older links keep working
     * until this one's mail is accepted (retireOlderLinks): a mail that never leaves ends no link.
     */
    async createLoginToken(
      tokenHash: string,
      email: string,
      role: Role,
      expiresAt: Date,
      now: Date,
      mail: Omit<NewOutboxMessage, 'createdAt' | 'ref'>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(loginTokens).values({ tokenHash, email, role, expiresAt, createdAt: now });
        await insertOutboxMessage(tx, { ...mail, ref: tokenHash, createdAt: now });
      });
    },

    /**
     * Ends every unused link of the same address and role made before this one: only the newest link whose
     * mail left works (docs/product.md#sign-in).
     */
    async retireOlderLinks(tokenHash: string, now: Date): Promise<void> {
      const [mine] = await db
        .select({ email: loginTokens.email, role: loginTokens.role, createdAt: loginTokens.createdAt })
        .from(loginTokens)
        .where(eq(loginTokens.tokenHash, tokenHash));
      if (!mine) return;
      await db
        .update(loginTokens)
        .set({ expiresAt: now })
        .where(
          and(
            eq(loginTokens.email, mine.email),
            eq(loginTokens.role, mine.role),
            isNull(loginTokens.consumedAt),
            gt(loginTokens.expiresAt, now),
            // At the same instant counts as older: only a clock that stands still (tests) makes two.
            lte(loginTokens.createdAt, mine.createdAt),
            ne(loginTokens.tokenHash, tokenHash),
          ),
        );
    },

    /** A link's token as stored, used or not, to tell why it failed (docs/product.md#sign-in). */
    async findLoginToken(
      tokenHash: string,
    ): Promise<{ email: string; role: Role; expiresAt: Date; consumedAt: Date | null } | null> {
      const [row] = await db
        .select({
          email: loginTokens.email,
          role: loginTokens.role,
          expiresAt: loginTokens.expiresAt,
          consumedAt: loginTokens.consumedAt,
        })
        .from(loginTokens)
        .where(eq(loginTokens.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },

    /** Single use, atomically: of many concurrent calls exactly one gets the row back. */
    async consumeLoginToken(
      tokenHash: string,
      email: string,
      roles: readonly Role[],
      now: Date,
    ): Promise<{ role: Role } | null> {
      const [row] = await db
        .update(loginTokens)
        .set({ consumedAt: now })
        .where(
          and(
            eq(loginTokens.tokenHash, tokenHash),
            eq(loginTokens.email, email),
            inArray(loginTokens.role, [...roles]),
            isNull(loginTokens.consumedAt),
            gt(loginTokens.expiresAt, now),
          ),
        )
        .returning({ role: loginTokens.role });
      return row ?? null;
    },

    async createSession(tokenHash: string, userId: string, expiresAt: Date, now: Date): Promise<void> {
      await db.insert(sessions).values({ tokenHash, userId, expiresAt, lastSeenAt: now });
      await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, userId));
    },

    /** A live session: not revoked, not past its end, and used after `idleSince`. */
    async findSession(tokenHash: string, now: Date, idleSince: Date): Promise<FoundSession | null> {
      const [row] = await findSessionStatement.execute({ tokenHash, now, idleSince });
      return row ?? null;
    },

    async touchSession(sessionId: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
    },

    async touchUser(userId: string, at: Date): Promise<void> {
      await db.update(users).set({ lastActiveAt: at }).where(eq(users.id, userId));
    },

    async revokeSession(sessionId: string, now: Date): Promise<void> {
      await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
    },

    /** Revokes every live session of the user; returns how many there were. */
    async revokeUserSessions(userId: string, now: Date): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Counts one hit in the window and returns the window's total. */
    async countHit(key: string, windowStart: Date): Promise<number> {
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { hits: sql`${rateLimits.hits} + 1` },
        })
        .returning({ hits: rateLimits.hits });
      return row?.hits ?? 1;
    },

    async pruneRateLimits(before: Date): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
