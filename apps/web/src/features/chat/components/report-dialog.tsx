import { CHAT_MESSAGES, REPORT_REASONS } from '@lokal/shared/constants/chat';
import type { ReportInput } from '@lokal/shared/schemas/chat';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { RadioCard } from '../../../components/ui/radio-card.tsx';
import { onDemand } from '../../../lib/on-demand.ts';
import { toast } from '../../../lib/toast.ts';
import { useReport } from '../api/report.ts';

const schemas = onDemand(() => import('@lokal/shared/schemas/chat'));

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversationId: string;
  name: string;
  /** Offered as a follow-up, not forced: someone may want staff to look without cutting the chat. */
  onBlock: () => void;
  blocked: boolean;
};

export function ReportDialog({ open, onOpenChange, conversationId, name, onBlock, blocked }: Props) {
  const report = useReport(conversationId);
  const [reason, setReason] = useState<string>('');
  const [details, setDetails] = useState('');
  // Unticked: blocking is a separate choice (docs/product.md#block-and-report).
  const [alsoBlock, setAlsoBlock] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { reportSchema } = await schemas();
    const parsed = reportSchema.safeParse({ reason, details });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    report.mutate(parsed.data as ReportInput, {
      onSuccess: () => {
        toast.success(CHAT_MESSAGES.reported);
        if (alsoBlock && !blocked) onBlock();
        onOpenChange(false);
        setReason('');
        setDetails('');
      },
      onError: (err) => setError(err.message),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Report ${name}`}
      description="Our team reads every report. They will not know who reported them."
    >
      <form onSubmit={submit} className="mt-5 space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">What happened?</legend>
          <div className="space-y-1.5">
            {REPORT_REASONS.map((r) => (
              <RadioCard
                key={r.value}
                name="reason"
                value={r.value}
                checked={reason === r.value}
                onSelect={() => {
                  setReason(r.value);
                  setError(null);
                }}
              >
                {r.label}
              </RadioCard>
            ))}
          </div>
        </fieldset>
        <label className="block text-sm font-medium">
          Details (optional)
          <textarea
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            rows={3}
            maxLength={1000}
            className="mt-1.5 block w-full resize-none rounded-xl border border-line bg-white px-3 py-2 text-base font-normal focus:border-gold-deep focus:outline-none"
          />
        </label>
        {!blocked ? (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={alsoBlock}
              onChange={(e) => setAlsoBlock(e.target.checked)}
              className="accent-ink"
            />
            Also block {name}
          </label>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={report.isPending}>
          {report.isPending ? 'Sending…' : 'Send report'}
        </Button>
      </form>
    </Dialog>
  );
}
