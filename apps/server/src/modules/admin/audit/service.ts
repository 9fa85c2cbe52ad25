import type { AuditAction } from '@lokal/shared/constants/admin';
import type { AuditResponse } from '@lokal/shared/schemas/admin';
import { iso, paging } from '../console.ts';
import type { Actor, AuditInput, AuditRepository } from './repository.ts';

/** Builds the audit row of an action at the app's clock; the area's repository writes it with the change. */
export function auditEntries(now: () => number) {
  return (
    actor: Actor,
    action: AuditAction,
    targetType: AuditInput['targetType'],
    targetId: string,
    details: Record<string, unknown> = {},
  ): AuditInput => ({ actor, action, targetType, targetId, details, at: new Date(now()) });
}

export type AuditEntries = ReturnType<typeof auditEntries>;

export function createAuditService(repo: AuditRepository) {
  return {
    async auditLog(page: number): Promise<AuditResponse> {
      const { rows, total } = await repo.auditLog(page);
      return {
        entries: rows.map((e) => ({ ...e, createdAt: iso(e.createdAt) })),
        total,
        ...paging(page),
      };
    },
  };
}
