import { ADMIN_MESSAGES, REPORT_PREVIEW_MESSAGES } from '@lokal/shared/constants/admin';
import type { AdminReport, ReportsResponse } from '@lokal/shared/schemas/admin';
import type { Role } from '@lokal/shared/schemas/auth';
import { HttpError } from '../../../plugins/errors.ts';
import type { Actor } from '../audit/repository.ts';
import type { AuditEntries } from '../audit/service.ts';
import { iso, isoOrNull, type PageQuery, pageOut, readAtCursor } from '../console.ts';
import type { ReportsRepository } from './repository.ts';

export function createReportsService(deps: { repo: ReportsRepository; audit: AuditEntries }) {
  const { repo, audit } = deps;
  return {
    async reports(status: 'open' | 'resolved', query: PageQuery): Promise<ReportsResponse> {
      // The cursor names its list: a place in one order means nothing in the other.
      const cursor = readAtCursor(query.cursor, { s: (s) => s === status });
      const rows = await repo.reportsPage(status, query.limit + 1, cursor);
      const { page, nextCursor } = pageOut(rows, query.limit, (r) => ({
        s: status,
        at: r.cursorAt,
        id: r.report.id,
      }));
      const ids = [
        ...new Set(page.flatMap((r) => (r.report.conversationId ? [r.report.conversationId] : []))),
      ];
      const latest = await repo.lastMessages(ids, REPORT_PREVIEW_MESSAGES);
      const person = ({
        suspendedAt,
        ...p
      }: {
        id: string;
        email: string;
        name: string | null;
        role: Role;
        suspendedAt: Date | null;
      }) => ({
        ...p,
        name: p.name ?? p.email,
        suspended: suspendedAt !== null,
      });
      return {
        reports: page.map(
          ({ report: r, reporter, reported, resolverEmail }): AdminReport => ({
            id: r.id,
            reason: r.reason,
            details: r.details,
            createdAt: iso(r.createdAt),
            reporter: person(reporter),
            reported: person(reported),
            conversationId: r.conversationId,
            messages: latest
              .filter((m) => m.conversationId === r.conversationId)
              .map((m) => ({
                id: Number(m.id),
                senderId: m.senderId,
                body: m.body,
                kind: m.kind,
                createdAt: iso(m.createdAt),
              })),
            resolvedAt: isoOrNull(r.resolvedAt),
            resolvedBy: r.resolvedAt ? (resolverEmail ?? null) : null,
            resolution: r.resolution,
          }),
        ),
        nextCursor,
      };
    },

    async resolveReport(actor: Actor, id: string, resolution: string): Promise<void> {
      const state = await repo.reportState(id);
      if (!state) throw new HttpError(404, ADMIN_MESSAGES.reportNotFound, 'report-not-found');
      const done = () => new HttpError(409, ADMIN_MESSAGES.alreadyResolved, 'already-resolved');
      if (state.resolved) throw done();
      const ok = await repo.resolveReport(
        id,
        resolution,
        audit(actor, 'report.resolve', 'report', id, { resolution }),
      );
      if (!ok) throw done();
    },
  };
}
