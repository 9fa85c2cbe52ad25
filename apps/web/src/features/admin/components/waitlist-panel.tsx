import type { WaitlistEntry } from '@lokal/shared/schemas/admin';
import { Inbox, Send } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDismissRequest } from '../api/dismiss-request.ts';
import { useSummary } from '../api/get-summary.ts';
import { useWaitlist } from '../api/get-waitlist.ts';
import { useInviteFromWaitlist } from '../api/invite-from-waitlist.ts';
import { elapsed, formatDateTime } from '../format.ts';
import { Count, EmptyState, ErrorState, ListSkeleton } from './panel-states.tsx';

/** Requests from the Beta Access dialog that nobody has invited yet, newest first. */
export function WaitlistPanel() {
  const waitlist = useWaitlist();
  const entries = waitlist.data?.pages.flatMap((p) => p.entries);
  const waiting = useSummary().data?.waitlist;
  const invite = useInviteFromWaitlist();
  const dismiss = useDismissRequest();
  const busy = (e: WaitlistEntry) =>
    (invite.isPending && invite.variables === e.id) || (dismiss.isPending && dismiss.variables === e.id);

  return (
    <section aria-labelledby="waitlist-title" className="space-y-5">
      <header>
        <h2 id="waitlist-title" className="text-2xl">
          Beta waitlist
          <Count n={waiting} />
        </h2>
        <p className="text-sm text-muted">
          Invite adds the address to the invite list and e-mails a link to the sign-up page of the role they
          asked for.
        </p>
      </header>
      {waitlist.isPending ? <ListSkeleton rows={4} className="h-20" /> : null}
      {waitlist.isError ? <ErrorState error={waitlist.error} onRetry={() => waitlist.refetch()} /> : null}
      {entries && entries.length === 0 ? (
        <EmptyState icon={Inbox} title="No one is waiting">
          Requests from the Beta Access dialog appear here.
        </EmptyState>
      ) : null}
      {entries?.length ? (
        <>
          <ul className="divide-y divide-line overflow-hidden rounded-card bg-white shadow-card">
            {entries.map((e) => (
              <li key={e.id} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:px-5">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{e.email}</p>
                  <p className="text-xs text-muted">
                    As a {e.role} · asked{' '}
                    <time dateTime={e.requestedAt} title={formatDateTime(e.requestedAt)}>
                      {elapsed(e.requestedAt)} ago
                    </time>
                    {e.requests > 1 ? ` · ${e.requests} requests` : ''}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={busy(e)}
                    aria-label={`Dismiss ${e.email}`}
                    onClick={() =>
                      dismiss.mutate(e.id, {
                        onSuccess: () => toast.info(`Dismissed ${e.email}.`),
                        onError: (err) => toast.error(err.message),
                      })
                    }
                  >
                    Dismiss
                  </Button>
                  <Button
                    size="sm"
                    disabled={busy(e)}
                    aria-label={`Invite ${e.email}`}
                    onClick={() =>
                      invite.mutate(e.id, {
                        onSuccess: (res) => toast.success(`Invitation e-mailed to ${res.email}.`),
                        onError: (err) => toast.error(err.message),
                      })
                    }
                  >
                    <Send className="h-4 w-4" aria-hidden />{' '}
                    {invite.isPending && invite.variables === e.id ? 'Inviting…' : 'Invite'}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <LoadMore pages={waitlist} label="Load more requests" />
        </>
      ) : null}
    </section>
  );
}
