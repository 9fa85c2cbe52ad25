import type { Role, UserType } from '@lokal/shared/schemas/auth';
import { and, countDistinct, desc, eq, ilike, inArray, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { invites, waitlist } from '../../../db/schema/auth.ts';
import { users } from '../../../db/schema/users.ts';
import { type AuditInput, writeAudit } from '../audit/repository.ts';
import { type AtCursor, contains, total } from '../console.ts';

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

    /**
     * A page of the invite list, newest first by (created_at, email) after the cursor, from
     * invites_created_idx; a search walks that order (decision 043). Unawaited: the index test reads its plan.
     */
    invitesPage(q: string, limit: number, cursor: { at: string; email: string } | null) {
      return db
        .select({
          email: invites.email,
          source: invites.source,
          createdAt: invites.createdAt,
          accountRole: users.role,
          cursorAt: sql<string>`${invites.createdAt}::text`,
        })
        .from(invites)
        .leftJoin(users, sql`lower(${users.email}) = ${invites.email}`)
        .where(
          and(
            q ? ilike(invites.email, contains(q)) : undefined,
            cursor
              ? sql`(${invites.createdAt}, ${invites.email}) < (${cursor.at}::timestamptz, ${cursor.email})`
              : undefined,
          ),
        )
        .orderBy(desc(invites.createdAt), desc(invites.email))
        .limit(limit);
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

    /**
     * A page of the waitlist: one row per address still waiting, its newest request first. It walks the
     * requests by (created_at, id) from waitlist_created_idx and keeps each address's newest one (a newer
     * request of the same address is looked up in waitlist_email_idx), so a page reads its own rows plus the
     * older requests of addresses already shown (decision 043). Unawaited: the index test reads its plan.
     */
    waitlistPage(limit: number, cursor: AtCursor | null) {
      const newer = alias(waitlist, 'newer');
      return db
        .select({
          id: waitlist.id,
          email: waitlist.email,
          role: waitlist.role,
          requestedAt: waitlist.createdAt,
          cursorAt: sql<string>`${waitlist.createdAt}::text`,
        })
        .from(waitlist)
        .where(
          and(
            pendingRequest,
            notExists(
              db
                .select({ one: sql`1` })
                .from(newer)
                .where(
                  and(
                    eq(newer.email, waitlist.email),
                    sql`(${newer.createdAt}, ${newer.id}) > (${waitlist.createdAt}, ${waitlist.id})`,
                  ),
                ),
            ),
            cursor
              ? sql`(${waitlist.createdAt}, ${waitlist.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(waitlist.createdAt), desc(waitlist.id))
        .limit(limit);
    },

    /** How often, and since when, each of these addresses asked (one page's addresses, by waitlist_email_idx). */
    async requestsOf(emails: string[]) {
      if (emails.length === 0) return [];
      return db
        .select({
          email: waitlist.email,
          firstRequestedAt: sql<Date | string>`min(${waitlist.createdAt})`,
          requests: sql<number>`count(*)::int`,
        })
        .from(waitlist)
        .where(inArray(waitlist.email, emails))
        .groupBy(waitlist.email);
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
