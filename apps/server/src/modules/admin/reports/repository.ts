import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { messages, reports } from '../../../db/schema/chat.ts';
import { users } from '../../../db/schema/users.ts';
import { type AuditInput, writeAudit } from '../audit/repository.ts';
import { type AtCursor, total } from '../console.ts';

export function createReportsRepository(db: Db) {
  return {
    openCount: () => total(db.select({ n: count() }).from(reports).where(isNull(reports.resolvedAt))),

    /**
     * A page of reports after the cursor: open ones as a queue (oldest first, by created_at, id, from
     * reports_open_idx), resolved ones newest first (by resolved_at, id, from reports_resolved_idx)
     * (decision 043). Unawaited: the index test reads its plan.
     */
    reportsPage(status: 'open' | 'resolved', limit: number, cursor: AtCursor | null) {
      const reporter = alias(users, 'reporter');
      const reported = alias(users, 'reported');
      const resolver = alias(users, 'resolver');
      const person = (u: typeof reporter | typeof reported) => ({
        id: u.id,
        email: u.email,
        name: u.displayName,
        role: u.role,
        suspendedAt: u.suspendedAt,
      });
      const open = status === 'open';
      const at = open ? reports.createdAt : reports.resolvedAt;
      return db
        .select({
          report: reports,
          reporter: person(reporter),
          reported: person(reported),
          resolverEmail: resolver.email,
          cursorAt: sql<string>`${at}::text`,
        })
        .from(reports)
        .innerJoin(reporter, eq(reporter.id, reports.reporterId))
        .innerJoin(reported, eq(reported.id, reports.reportedId))
        .leftJoin(resolver, eq(resolver.id, reports.resolvedBy))
        .where(
          and(
            open ? isNull(reports.resolvedAt) : isNotNull(reports.resolvedAt),
            cursor
              ? open
                ? sql`(${at}, ${reports.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
                : sql`(${at}, ${reports.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(...(open ? [asc(at), asc(reports.id)] : [desc(at), desc(reports.id)]))
        .limit(limit);
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
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
