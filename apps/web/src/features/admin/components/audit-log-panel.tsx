import { AUDIT_ACTIONS, OPERATOR_ACTOR } from '@lokal/shared/constants/admin';
import type { AuditEntry } from '@lokal/shared/schemas/admin';
import { ScrollText, Terminal, UserRound } from 'lucide-react';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { useAuditLog } from '../api/get-audit-log.ts';
import { formatDateTime } from '../format.ts';
import { EmptyState, ErrorState, ListSkeleton } from './panel-states.tsx';

/** The entry's object in words: the address for invites, the guide's e-mail for decisions. */
function target(e: AuditEntry): string {
  const d = e.details as Record<string, unknown>;
  if (typeof d.guideEmail === 'string') return d.guideEmail;
  if (typeof d.email === 'string') return d.email;
  return e.targetType === 'report' ? `report ${e.targetId.slice(0, 8)}` : e.targetId;
}

function note(e: AuditEntry): string | null {
  const d = e.details as Record<string, unknown>;
  if (typeof d.reason === 'string' && e.action === 'guide.reject') return `Reason: ${d.reason}`;
  if (typeof d.resolution === 'string') return `Resolution: ${d.resolution}`;
  if (typeof d.role === 'string' && e.action === 'waitlist.invite') return `As a ${d.role}`;
  if (typeof d.from === 'string') return `Was a ${d.from}`;
  return null;
}

/** Every staff and operator action, newest first. */
export function AuditLogPanel() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((p) => p.entries);

  return (
    <section aria-labelledby="audit-title" className="space-y-5">
      <header>
        <h2 id="audit-title" className="text-2xl">
          Audit log
        </h2>
        <p className="text-sm text-muted">Every action taken here or with the operator CLI.</p>
      </header>
      {log.isPending ? <ListSkeleton rows={5} className="h-14" /> : null}
      {log.isError ? <ErrorState error={log.error} onRetry={() => log.refetch()} /> : null}
      {entries && entries.length === 0 ? <EmptyState icon={ScrollText} title="Nothing recorded yet" /> : null}
      {entries?.length ? (
        <>
          <ol
            className="divide-y divide-line overflow-hidden rounded-card bg-white shadow-card"
            data-testid="audit-list"
          >
            {entries.map((e) => {
              const Icon = e.actorEmail === OPERATOR_ACTOR ? Terminal : UserRound;
              const extra = note(e);
              return (
                <li key={e.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4 sm:px-5">
                  <time dateTime={e.createdAt} className="text-xs text-muted sm:pt-0.5 sm:text-sm">
                    {formatDateTime(e.createdAt)}
                  </time>
                  <div className="min-w-0 text-sm">
                    <p>
                      <strong className="font-medium">
                        {AUDIT_ACTIONS[e.action as keyof typeof AUDIT_ACTIONS] ?? e.action}
                      </strong>{' '}
                      <span className="break-all">{target(e)}</span>
                    </p>
                    <p className="flex items-center gap-1.5 text-xs text-muted">
                      <Icon className="h-3.5 w-3.5" aria-hidden /> {e.actorEmail}
                    </p>
                    {extra ? <p className="mt-1 break-words text-muted">{extra}</p> : null}
                  </div>
                </li>
              );
            })}
          </ol>
          <LoadMore pages={log} label="Load more entries" />
        </>
      ) : null}
    </section>
  );
}
