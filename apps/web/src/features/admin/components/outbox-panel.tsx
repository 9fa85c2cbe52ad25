import type { OutboxItem } from '@lokal/shared/schemas/admin';
import { MailCheck } from 'lucide-react';
import { useOutbox } from '../api/get-outbox.ts';
import { formatDateTime } from '../format.ts';
import { EmptyState, ErrorState, ListSkeleton } from './panel-states.tsx';

const KINDS: Record<string, string> = {
  'sign-in': 'Sign-in link',
  notification: 'Booking update',
  invitation: 'Invitation',
  account: 'Account notice',
  verification: 'Verification decision',
};

function next(item: OutboxItem): string {
  if (item.status === 'failed') return 'Given up';
  return item.nextAttemptAt ? `Next try ${formatDateTime(item.nextAttemptAt)}` : 'Waiting';
}

/** Mail that has not left: given up, or waiting after a failure (decision 085). */
export function OutboxPanel() {
  const outbox = useOutbox();
  const items = outbox.data?.items;

  return (
    <section aria-labelledby="outbox-title" className="space-y-5">
      <header>
        <h2 id="outbox-title" className="text-2xl">
          Mail outbox
        </h2>
        <p className="text-sm text-muted">
          E-mail that has not left yet, or was given up after its last try.
        </p>
      </header>
      {outbox.isPending ? <ListSkeleton rows={3} className="h-16" /> : null}
      {outbox.isError ? <ErrorState error={outbox.error} onRetry={() => outbox.refetch()} /> : null}
      {items && items.length === 0 ? (
        <EmptyState icon={MailCheck} title="All mail has left">
          Nothing is waiting or stuck.
        </EmptyState>
      ) : null}
      {items?.length ? (
        <ol
          className="divide-y divide-line overflow-hidden rounded-card bg-white shadow-card"
          data-testid="outbox-list"
        >
          {items.map((item) => (
            <li key={item.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4 sm:px-5">
              <time dateTime={item.createdAt} className="text-xs text-muted sm:pt-0.5 sm:text-sm">
                {formatDateTime(item.createdAt)}
              </time>
              <div className="min-w-0 text-sm">
                <p className="break-words">
                  <strong className="font-medium">{KINDS[item.kind] ?? item.kind}</strong> to {item.recipient}
                </p>
                <p className="text-muted">
                  {item.attempts} {item.attempts === 1 ? 'try' : 'tries'} · {next(item)}
                </p>
                {item.lastError ? <p className="break-words text-danger">{item.lastError}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
