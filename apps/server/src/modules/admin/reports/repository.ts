import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { messages, reports } from '../../../db/schema/chat.ts';
import { users } from '../../../db/schema/users.ts';
import { type AuditInput, writeAudit } from '../audit/repository.ts';
import { pageOf, total } from '../console.ts';

export function createReportsRepository(db: Db) {
  return {
    openCount: () => total(db.select({ n: count() }).from(reports).where(isNull(reports.resolvedAt))),

    async reports(status: 'open' | 'resolved', page: number) {
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
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
