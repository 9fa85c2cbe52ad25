import { and, asc, count, desc, eq, isNotNull, isNull, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { perShape } from '../../../db/prepared.ts';
import { messages, reports } from '../../../db/schema/chat.ts';
import { users } from '../../../db/schema/users.ts';
import { type AuditInput, writeAudit } from '../audit/repository.ts';
import { type AtCursor, total } from '../console.ts';

export function createReportsRepository(db: Db) {
  /**
   * A page of reports after the cursor (values or placeholders): the prepared statements are built from it, and
   * the index test reads its plan.
   */
  const reportsQuery = (
    status: 'open' | 'resolved',
    limit: number | Placeholder,
    cursor: { at: unknown; id: unknown } | null,
  ) => {
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
    const after = cursor && sql`(${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
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
          after
            ? open
              ? sql`(${at}, ${reports.id}) > ${after}`
              : sql`(${at}, ${reports.id}) < ${after}`
            : undefined,
        ),
      )
      .orderBy(...(open ? [asc(at), asc(reports.id)] : [desc(at), desc(reports.id)]))
      .limit(limit);
  };
  // One statement per list and page (first or after a cursor): built once, then only executed.
  const p = sql.placeholder;
  const pageStatement = perShape((shape) => {
    const [status, kind] = shape.split('-') as ['open' | 'resolved', 'first' | 'after'];
    const cursor = kind === 'after' ? { at: p('cursorAt'), id: p('cursorId') } : null;
    return reportsQuery(status, p('limit'), cursor).prepare(`admin_reports_${status}_${kind}`);
  });
  const last = db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      body: messages.body,
      kind: messages.kind,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(sql`${messages.conversationId} = c.id`)
    .orderBy(desc(messages.id))
    .limit(p('per'))
    .as('last');
  const lastMessagesStatement = db
    .select({
      id: last.id,
      conversationId: last.conversationId,
      senderId: last.senderId,
      body: last.body,
      kind: last.kind,
      createdAt: last.createdAt,
    })
    .from(sql`unnest(${p('ids')}::uuid[]) as c(id)`)
    .innerJoinLateral(last, sql`true`)
    .orderBy(asc(last.id))
    .prepare('admin_report_last_messages');
  return {
    openCount: () => total(db.select({ n: count() }).from(reports).where(isNull(reports.resolvedAt))),

    /**
     * A page of reports after the cursor: open ones as a queue (oldest first, by created_at, id, from
     * reports_open_idx), resolved ones newest first (by resolved_at, id, from reports_resolved_idx)
     * (decision 043).
     */
    reportsPage(status: 'open' | 'resolved', limit: number, cursor: AtCursor | null) {
      return pageStatement(`${status}-${cursor ? 'after' : 'first'}`).execute({
        cursorAt: cursor?.at,
        cursorId: cursor?.id,
        limit,
      });
    },
    reportsQuery,

    /**
     * The latest `per` messages of each conversation, oldest first: each conversation's from the end of
     * messages_conversation_idx, so a long conversation costs no more than a short one.
     */
    async lastMessages(conversationIds: string[], per: number) {
      if (conversationIds.length === 0) return [];
      return lastMessagesStatement.execute({ ids: conversationIds, per });
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
