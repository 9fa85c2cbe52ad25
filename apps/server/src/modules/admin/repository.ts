import { ADMIN_PAGE_SIZE, type AuditAction } from '@lokal/shared/constants/admin';
import type { Role, UserType } from '@lokal/shared/schemas/auth';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { invites, sessions, waitlist } from '../../db/schema/auth.ts';
import { notifications } from '../../db/schema/bookings.ts';
import { messages, reports } from '../../db/schema/chat.ts';
import { guideAssessments, guideProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';

/** Who did it: a staff member, or the operator CLI (no account). */
export type Actor = { id: string | null; email: string };
export type AuditInput = {
  actor: Actor;
  action: AuditAction;
  targetType: 'guide' | 'invite' | 'waitlist' | 'report' | 'user';
  targetId: string;
  details: Record<string, unknown>;
  at: Date;
};
export type NotificationInput = { title: string; body: string; link: string };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function writeAudit(tx: Tx, a: AuditInput) {
  return tx.insert(auditLog).values({
    actorId: a.actor.id,
    actorEmail: a.actor.email,
    action: a.action,
    targetType: a.targetType,
    targetId: a.targetId,
    details: a.details,
    createdAt: a.at,
  });
}

const pageOf = (page: number) => ({ limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });

/** `ilike` matches a literal substring: the user's % and _ are not wildcards. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// The review queue: guides who finished onboarding and the assessment and wait for staff.
const waitingGuide = and(
  eq(users.role, 'guide'),
  eq(users.onboardingCompleted, true),
  eq(users.personalityTestCompleted, true),
  eq(guideProfiles.verificationStatus, 'pending'),
);

// A waitlist request is handled once its address is on the invite list.
const pendingRequest = sql`not exists (select 1 from ${invites} where ${invites.email} = ${waitlist.email})`;

export function createAdminRepository(db: Db) {
  async function total(query: Promise<{ n: number }[]>): Promise<number> {
    const [row] = await query;
    return Number(row?.n ?? 0);
  }

  return {
    async summary() {
      const [pendingVerifications, waitlistCount, openReports] = await Promise.all([
        total(
          db
            .select({ n: count() })
            .from(guideProfiles)
            .innerJoin(users, eq(users.id, guideProfiles.userId))
            .where(waitingGuide),
        ),
        total(
          db
            .select({ n: countDistinct(waitlist.email) })
            .from(waitlist)
            .where(pendingRequest),
        ),
        total(db.select({ n: count() }).from(reports).where(isNull(reports.resolvedAt))),
      ]);
      return { pendingVerifications, waitlist: waitlistCount, openReports };
    },

    // --- Verification ---

    async verificationQueue(page: number) {
      const rows = await db
        .select({
          profile: guideProfiles,
          email: users.email,
          phone: users.phone,
          phoneVerifiedAt: users.phoneVerifiedAt,
          answers: guideAssessments.answers,
        })
        .from(guideProfiles)
        .innerJoin(users, eq(users.id, guideProfiles.userId))
        .leftJoin(guideAssessments, eq(guideAssessments.userId, guideProfiles.userId))
        .where(waitingGuide)
        // Oldest first: whoever has waited longest is reviewed first.
        .orderBy(
          sql`coalesce(${guideProfiles.verificationRequestedAt}, ${guideProfiles.createdAt})`,
          asc(guideProfiles.userId),
        )
        .limit(pageOf(page).limit)
        .offset(pageOf(page).offset);
      const n = await total(
        db
          .select({ n: count() })
          .from(guideProfiles)
          .innerJoin(users, eq(users.id, guideProfiles.userId))
          .where(waitingGuide),
      );
      return { rows, total: n };
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

    /**
     * Records a decision on a guide who is still pending, with the guide's notification and the audit row,
     * all or nothing. Null when someone else decided first.
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
      notification: NotificationInput,
      audit: AuditInput,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(guideProfiles)
          .set(change)
          .where(and(eq(guideProfiles.userId, guideId), eq(guideProfiles.verificationStatus, 'pending')))
          .returning({ id: guideProfiles.userId });
        if (!row) return null;
        const [note] = await tx
          .insert(notifications)
          .values({ userId: guideId, kind: 'verification', ...notification, createdAt: audit.at })
          .returning();
        await writeAudit(tx, audit);
        return note!;
      });
    },

    // --- Users by e-mail (the CLI names people by address) ---

    async userByEmail(email: string): Promise<{ id: string; role: Role } | null> {
      const [row] = await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      return row ?? null;
    },

    // --- Invites ---

    async invites(q: string, page: number) {
      const where = q ? ilike(invites.email, contains(q)) : undefined;
      const rows = await db
        .select({
          email: invites.email,
          source: invites.source,
          createdAt: invites.createdAt,
          accountRole: users.role,
        })
        .from(invites)
        .leftJoin(users, sql`lower(${users.email}) = ${invites.email}`)
        .where(where)
        .orderBy(desc(invites.createdAt), asc(invites.email))
        .limit(pageOf(page).limit)
        .offset(pageOf(page).offset);
      return { rows, total: await total(db.select({ n: count() }).from(invites).where(where)) };
    },

    async invite(email: string) {
      const [row] = await db.select().from(invites).where(eq(invites.email, email));
      return row ?? null;
    },

    /** Null when the address was already invited (nothing written). */
    async addInvite(email: string, source: string, audit: AuditInput) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(invites)
          .values({ email, source, createdAt: audit.at })
          .onConflictDoNothing()
          .returning();
        if (!row) return null;
        await writeAudit(tx, audit);
        return row;
      });
    },

    async removeInvite(email: string, audit: AuditInput): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(invites).where(eq(invites.email, email)).returning();
        if (!row) return false;
        await writeAudit(tx, { ...audit, details: { ...audit.details, source: row.source } });
        return true;
      });
    },

    // --- Waitlist ---

    /** One row per address still waiting, newest request first. */
    async waitlist(page: number) {
      const rows = await db
        .select({
          id: sql<string>`(array_agg(${waitlist.id} order by ${waitlist.createdAt} desc))[1]`,
          email: waitlist.email,
          role: sql<UserType>`(array_agg(${waitlist.role} order by ${waitlist.createdAt} desc))[1]`,
          requestedAt: sql<Date | string>`max(${waitlist.createdAt})`,
          firstRequestedAt: sql<Date | string>`min(${waitlist.createdAt})`,
          requests: sql<number>`count(*)::int`,
        })
        .from(waitlist)
        .where(pendingRequest)
        .groupBy(waitlist.email)
        .orderBy(sql`max(${waitlist.createdAt}) desc`, asc(waitlist.email))
        .limit(pageOf(page).limit)
        .offset(pageOf(page).offset);
      return {
        rows,
        total: await total(
          db
            .select({ n: countDistinct(waitlist.email) })
            .from(waitlist)
            .where(pendingRequest),
        ),
      };
    },

    async pendingRequest(id: string): Promise<{ email: string; role: UserType } | null> {
      const [row] = await db
        .select({ email: waitlist.email, role: waitlist.role })
        .from(waitlist)
        .where(and(eq(waitlist.id, id), pendingRequest));
      return row ?? null;
    },

    async inviteFromWaitlist(email: string, audit: AuditInput): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(invites)
          .values({ email, source: 'waitlist', createdAt: audit.at })
          .onConflictDoNothing();
        await writeAudit(tx, audit);
      });
    },

    /** Dismissing deletes the address's requests; the audit row keeps the record. */
    async dismissRequests(email: string, audit: AuditInput): Promise<number> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(waitlist)
          .where(eq(waitlist.email, email))
          .returning({ id: waitlist.id });
        await writeAudit(tx, { ...audit, details: { ...audit.details, requests: gone.length } });
        return gone.length;
      });
    },

    // --- Reports ---

    async reports(status: 'open' | 'resolved', page: number) {
      const reporter = alias(users, 'reporter');
      const reported = alias(users, 'reported');
      const resolver = alias(users, 'resolver');
      const person = (u: typeof reporter | typeof reported) => ({
        id: u.id,
        email: u.email,
        name: u.displayName,
        role: u.role,
      });
      const where = status === 'open' ? isNull(reports.resolvedAt) : isNotNull(reports.resolvedAt);
      const rows = await db
        .select({
          report: reports,
          reporter: person(reporter),
          reported: person(reported),
          resolverEmail: resolver.email,
        })
        .from(reports)
        .innerJoin(reporter, eq(reporter.id, reports.reporterId))
        .innerJoin(reported, eq(reported.id, reports.reportedId))
        .leftJoin(resolver, eq(resolver.id, reports.resolvedBy))
        .where(where)
        // Open ones as a queue (oldest first); resolved ones newest first.
        .orderBy(
          ...(status === 'open'
            ? [asc(reports.createdAt), asc(reports.id)]
            : [desc(reports.resolvedAt), asc(reports.id)]),
        )
        .limit(pageOf(page).limit)
        .offset(pageOf(page).offset);
      return { rows, total: await total(db.select({ n: count() }).from(reports).where(where)) };
    },

    /** The latest `per` messages of each conversation, oldest first. */
    async lastMessages(conversationIds: string[], per: number) {
      if (conversationIds.length === 0) return [];
      const ranked = db
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          senderId: messages.senderId,
          body: messages.body,
          kind: messages.kind,
          createdAt: messages.createdAt,
          rank: sql<number>`row_number() over (partition by ${messages.conversationId} order by ${messages.id} desc)`.as(
            'rank',
          ),
        })
        .from(messages)
        .where(inArray(messages.conversationId, conversationIds))
        .as('ranked');
      return db.select().from(ranked).where(lte(ranked.rank, per)).orderBy(asc(ranked.id));
    },

    async reportState(id: string): Promise<{ resolved: boolean } | null> {
      const [row] = await db
        .select({ resolvedAt: reports.resolvedAt })
        .from(reports)
        .where(eq(reports.id, id));
      return row ? { resolved: row.resolvedAt !== null } : null;
    },

    /** False when it was resolved meanwhile. */
    async resolveReport(id: string, resolution: string, audit: AuditInput): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(reports)
          .set({ resolvedAt: audit.at, resolvedBy: audit.actor.id, resolution })
          .where(and(eq(reports.id, id), isNull(reports.resolvedAt)))
          .returning({ reason: reports.reason, reportedId: reports.reportedId });
        if (!row) return false;
        await writeAudit(tx, { ...audit, details: { ...audit.details, reason: row.reason } });
        return true;
      });
    },

    // --- Users ---

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

    // --- Audit log ---

    async auditLog(page: number) {
      const rows = await db
        .select()
        .from(auditLog)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(pageOf(page).limit)
        .offset(pageOf(page).offset);
      return { rows, total: await total(db.select({ n: count() }).from(auditLog)) };
    },

    // --- Staff accounts (operator CLI) ---

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

export type AdminRepository = ReturnType<typeof createAdminRepository>;
