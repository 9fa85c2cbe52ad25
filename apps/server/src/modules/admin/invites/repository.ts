import type { Role, UserType } from '@lokal/shared/schemas/auth';
import { and, asc, count, countDistinct, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { invites, waitlist } from '../../../db/schema/auth.ts';
import { users } from '../../../db/schema/users.ts';
import { type AuditInput, writeAudit } from '../audit/repository.ts';
import { contains, pageOf, total } from '../console.ts';

// A waitlist request is handled once its address is on the invite list.
const pendingRequest = sql`not exists (select 1 from ${invites} where ${invites.email} = ${waitlist.email})`;

// The beta invite list and the requests to join it; accounts are read only to say who already signed up.
export function createInvitesRepository(db: Db) {
  const waitingCount = () =>
    total(
      db
        .select({ n: countDistinct(waitlist.email) })
        .from(waitlist)
        .where(pendingRequest),
    );

  return {
    waitingCount,

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

    /** The role of the account with this address, if one signed up. */
    async accountRole(email: string): Promise<Role | null> {
      const [row] = await db
        .select({ role: users.role })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      return row?.role ?? null;
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
      return { rows, total: await waitingCount() };
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
  };
}

export type InvitesRepository = ReturnType<typeof createInvitesRepository>;
