import type { AuditAction } from '@lokal/shared/constants/admin';
import type { AuditResponse } from '@lokal/shared/schemas/admin';
import { iso, type PageQuery, pageOut, readAtCursor } from '../console.ts';
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
    async auditLog(query: PageQuery): Promise<AuditResponse> {
      const rows = await repo.auditPage(query.limit + 1, readAtCursor(query.cursor));
      const { page, nextCursor } = pageOut(rows, query.limit, (r) => ({ at: r.cursorAt, id: r.entry.id }));
      return { entries: page.map(({ entry: e }) => ({ ...e, createdAt: iso(e.createdAt) })), nextCursor };
    },
  };
}
