import { REJECTION_REASON_MAX } from '@lokal/shared/constants/admin';
import type { QueueFilter, QueueGuide } from '@lokal/shared/schemas/admin';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { onDemand } from '../../../lib/on-demand.ts';
import { toast } from '../../../lib/toast.ts';
import { useSummary } from '../api/get-summary.ts';
import { useVerificationQueue } from '../api/get-verification-queue.ts';
import { useRejectGuide } from '../api/reject-guide.ts';
import { useVerifyGuide } from '../api/verify-guide.ts';
import { GuideReviewCard } from './guide-review-card.tsx';
import { Count, EmptyState, ErrorState, ListSkeleton } from './panel-states.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

const schemas = onDemand(() => import('@lokal/shared/schemas/admin'));

const mailNote = (sent: boolean) => (sent ? '' : ' The e-mail to the guide could not be sent.');

// "Ready to verify" first, and the view the queue opens on: the guides staff can decide on now (the server's one
// definition, decision 093); "All waiting" beside it.
const FILTERS: { value: QueueFilter; label: string }[] = [
  { value: 'ready', label: 'Ready to verify' },
  { value: 'all', label: 'All waiting' },
];

/** Guides who finished onboarding and the assessment, oldest first. */
export function VerificationQueue() {
  const [filter, setFilter] = useState<QueueFilter>('ready');
  const queue = useVerificationQueue(filter);
  const guides = queue.data?.pages.flatMap((p) => p.guides);
  // The whole queue's count: the pages hold only what was loaded.
  const waiting = useSummary().data?.pendingVerifications;
  const verify = useVerifyGuide();
  const reject = useRejectGuide();
  const [rejecting, setRejecting] = useState<QueueGuide | null>(null);

  function onVerify(g: QueueGuide) {
    verify.mutate(g.id, {
      onSuccess: (res) => toast.success(`${g.name} is verified.${mailNote(res.emailSent)}`),
      onError: (err) => toast.error(err.message),
    });
  }

  return (
    <section aria-labelledby="queue-title">
      <header className="mb-4">
        <h2 id="queue-title" className="text-2xl">
          Waiting for review
          <Count n={waiting} />
        </h2>
        <p className="text-sm text-muted">
          Guides who finished onboarding and the personality assessment, the longest waiting first.
        </p>
      </header>
      <fieldset className="mb-4 flex flex-wrap gap-2 border-0 p-0">
        <legend className="sr-only">Show</legend>
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
            className={`rounded-full border px-4 py-2 text-sm ${filter === f.value ? 'border-ink bg-ink text-ivory' : 'border-line bg-white hover:border-ink/40'}`}
          >
            {f.label}
          </button>
        ))}
      </fieldset>
      {queue.isPending ? <ListSkeleton className="h-72" /> : null}
      {queue.isError ? <ErrorState error={queue.error} onRetry={() => queue.refetch()} /> : null}
      {guides && guides.length === 0 ? (
        filter === 'ready' ? (
          <EmptyState
            icon={ShieldCheck}
            title="No guide is ready to verify"
            action={
              <Button variant="outline" size="sm" onClick={() => setFilter('all')}>
                Show all waiting guides
              </Button>
            }
          >
            A guide is ready once they have a verified phone, an identity document and a photo of their own.
          </EmptyState>
        ) : (
          <EmptyState icon={ShieldCheck} title="No guides waiting">
            New guides appear here when they finish the personality assessment.
          </EmptyState>
        )
      ) : null}
      {guides?.length ? (
        <div className="space-y-4">
          {guides.map((g) => (
            <GuideReviewCard
              key={g.id}
              guide={g}
              busy={(verify.isPending && verify.variables === g.id) || rejecting?.id === g.id}
              onVerify={() => onVerify(g)}
              onReject={() => setRejecting(g)}
            />
          ))}
          <LoadMore pages={queue} label="Load more guides" />
        </div>
      ) : null}
      <ReasonDialog
        open={rejecting !== null}
        onOpenChange={(open) => (open ? null : setRejecting(null))}
        title={`Reject ${rejecting?.name ?? 'guide'}`}
        description="The guide sees this reason on their dashboard and in an e-mail. They can update their answers and ask again."
        label="Reason"
        submitLabel="Reject guide"
        danger
        max={REJECTION_REASON_MAX}
        parse={async (text) => {
          const { rejectBodySchema } = await schemas();
          const r = rejectBodySchema.safeParse({ reason: text });
          return r.success
            ? { ok: true, value: r.data.reason }
            : { ok: false, message: r.error.issues[0]?.message ?? 'Check the reason' };
        }}
        onSubmit={async (reason) => {
          const g = rejecting!;
          const res = await reject.mutateAsync({ guideId: g.id, reason });
          toast.success(`${g.name} was rejected.${mailNote(res.emailSent)}`);
        }}
      />
    </section>
  );
}
