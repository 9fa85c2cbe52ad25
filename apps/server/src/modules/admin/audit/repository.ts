import type { AuditAction } from '@lokal/shared/constants/admin';
import { count, desc } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema/admin.ts';
import { pageOf, total } from '../console.ts';

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
    async auditLog(page: number) {
      const rows = await db
        .select()
        .from(auditLog)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(pageOf(page).limit)
        .offset(pageOf(page).offset);
      return { rows, total: await total(db.select({ n: count() }).from(auditLog)) };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
