import { RESOLUTION_MAX } from '@lokal/shared/constants/admin';
import { REPORT_REASONS } from '@lokal/shared/constants/chat';
import type { AdminReport } from '@lokal/shared/schemas/admin';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { onDemand } from '../../../lib/on-demand.ts';
import { toast } from '../../../lib/toast.ts';
import { type ReportStatus, useReports } from '../api/get-reports.ts';
import { useSummary } from '../api/get-summary.ts';
import { useResolveReport } from '../api/resolve-report.ts';
import { formatDateTime } from '../format.ts';
import { Count, EmptyState, ErrorState, ListSkeleton } from './panel-states.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { StaffActions } from './staff-actions.tsx';

const schemas = onDemand(() => import('@lokal/shared/schemas/admin'));

const reasonLabel = (value: string) => REPORT_REASONS.find((r) => r.value === value)?.label ?? value;

function Person({ p }: { p: AdminReport['reporter'] }) {
  return (
    <span>
      <strong className="font-medium">{p.name}</strong>{' '}
      <span className="text-muted">
        ({p.role}, <span className="break-all">{p.email}</span>)
      </span>
    </span>
  );
}

function ReportCard({ report: r, onResolve }: { report: AdminReport; onResolve?: () => void }) {
  const nameOf = (id: string) => (id === r.reporter.id ? r.reporter.name : r.reported.name);
  const headingId = `report-${r.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-card bg-white p-5 shadow-card sm:p-6"
      data-testid="report-card"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="text-xl">
          {reasonLabel(r.reason)}
        </h3>
        <time dateTime={r.createdAt} className="text-sm text-muted">
          {formatDateTime(r.createdAt)}
        </time>
      </div>
      <p className="mt-2 text-sm">
        <Person p={r.reporter} /> reported <Person p={r.reported} />
      </p>
      {r.details ? (
        <blockquote className="mt-3 border-l-2 border-gold pl-3 text-sm whitespace-pre-line">
          {r.details}
        </blockquote>
      ) : null}
      <div className="mt-4">
        <h4 className="text-sm font-medium text-muted">
          {r.messages.length ? 'Latest messages of the conversation' : 'No messages in the conversation'}
        </h4>
        {r.messages.length ? (
          <ol className="mt-2 max-h-72 space-y-2 overflow-y-auto rounded-xl bg-ivory p-3 text-sm">
            {r.messages.map((m) => (
              <li key={m.id} className={m.kind === 'system' ? 'text-center text-xs text-muted' : ''}>
                {m.kind === 'system' ? (
                  m.body
                ) : (
                  <>
                    <span className={`font-medium ${m.senderId === r.reported.id ? 'text-terracotta' : ''}`}>
                      {nameOf(m.senderId)}
                    </span>{' '}
                    <time dateTime={m.createdAt} className="text-xs text-muted">
                      {formatDateTime(m.createdAt)}
                    </time>
                    <p className="break-words whitespace-pre-line">{m.body}</p>
                  </>
                )}
              </li>
            ))}
          </ol>
        ) : null}
      </div>
      {r.resolvedAt ? (
        <p className="mt-4 rounded-xl bg-sage/10 px-3 py-2 text-sm">
          <strong className="font-medium">Resolved</strong> {formatDateTime(r.resolvedAt)}
          {r.resolvedBy ? ` by ${r.resolvedBy}` : ''}: {r.resolution}
        </p>
      ) : null}
      {!r.resolvedAt && r.reported.role !== 'staff' ? (
        <div className="mt-4">
          <p className="mb-2 text-sm font-medium">Act on {r.reported.name}</p>
          <StaffActions
            reportId={r.id}
            target={{
              id: r.reported.id,
              name: r.reported.name,
              role: r.reported.role,
              suspended: r.reported.suspended,
              verified: null,
            }}
          />
        </div>
      ) : null}
      {onResolve ? (
        <div className="mt-5 flex justify-end">
          <Button onClick={onResolve} aria-label={`Resolve the report about ${r.reported.name}`}>
            Resolve
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** Reports from chat: open ones as a queue, resolved ones for the record. */
export function ReportsPanel() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useReports(status);
  const rows = reports.data?.pages.flatMap((p) => p.reports);
  // Open reports are counted over the whole queue; resolved ones are a record, read a page at a time.
  const open = useSummary().data?.openReports;
  const resolve = useResolveReport();
  const [resolving, setResolving] = useState<AdminReport | null>(null);

  return (
    <section aria-labelledby="reports-title" className="space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="reports-title" className="text-2xl">
            Reports
            <Count n={status === 'open' ? open : undefined} />
          </h2>
          <p className="text-sm text-muted">
            What members reported in chat, with the conversation around it.
          </p>
        </div>
        <fieldset className="flex rounded-full border border-line bg-white p-1">
          <legend className="sr-only">Show</legend>
          {(['open', 'resolved'] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={status === s}
              onClick={() => setStatus(s)}
              className={`rounded-full px-4 py-1.5 text-sm capitalize ${status === s ? 'bg-ink text-ivory' : 'text-muted hover:text-ink'}`}
            >
              {s}
            </button>
          ))}
        </fieldset>
      </header>
      {reports.isPending ? <ListSkeleton className="h-56" /> : null}
      {reports.isError ? <ErrorState error={reports.error} onRetry={() => reports.refetch()} /> : null}
      {rows && rows.length === 0 ? (
        <EmptyState icon={Flag} title={status === 'open' ? 'No open reports' : 'No resolved reports yet'} />
      ) : null}
      {rows?.length ? (
        <div className="space-y-4">
          {rows.map((r) => (
            <ReportCard key={r.id} report={r} onResolve={r.resolvedAt ? undefined : () => setResolving(r)} />
          ))}
          <LoadMore pages={reports} label="Load more reports" />
        </div>
      ) : null}
      <ReasonDialog
        open={resolving !== null}
        onOpenChange={(open) => (open ? null : setResolving(null))}
        title="Resolve report"
        description={`What was done about ${resolving?.reported.name ?? 'this report'}? The note stays in the record and the audit log.`}
        label="Resolution"
        submitLabel="Resolve report"
        max={RESOLUTION_MAX}
        parse={async (text) => {
          const { resolveBodySchema } = await schemas();
          const r = resolveBodySchema.safeParse({ resolution: text });
          return r.success
            ? { ok: true, value: r.data.resolution }
            : { ok: false, message: r.error.issues[0]?.message ?? 'Write a note' };
        }}
        onSubmit={async (resolution) => {
          await resolve.mutateAsync({ reportId: resolving!.id, resolution });
          toast.success('Report resolved.');
        }}
      />
    </section>
  );
}
