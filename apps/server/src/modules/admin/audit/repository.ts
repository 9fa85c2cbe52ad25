import type { AuditAction } from '@lokal/shared/constants/admin';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema/admin.ts';
import type { AtCursor } from '../../cursor.ts';

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

/** A transaction of any repository: the audit row is written in the same one as the change it records. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function writeAudit(tx: Tx, a: AuditInput) {
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

export function createAuditRepository(db: Db) {
  return {
    /**
     * A page of the log, newest first by (created_at, id) after the cursor, from audit_log_created_idx
     * (decision 043). Unawaited: the index test reads its plan.
     */
    auditPage(limit: number, cursor: AtCursor | null) {
      return db
        .select({ entry: auditLog, cursorAt: sql<string>`${auditLog.createdAt}::text` })
        .from(auditLog)
        .where(
          cursor
            ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        )
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
