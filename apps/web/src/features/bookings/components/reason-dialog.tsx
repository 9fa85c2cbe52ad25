import { REASON_MAX } from '@lokal/shared/constants/bookings';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { onDemand } from '../../../lib/on-demand.ts';

const schemas = onDemand(() => import('@lokal/shared/schemas/bookings'));

type Props = {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: string;
  description: string;
  confirm: string;
  /** Cancelling needs a reason; declining may give one. */
  required: boolean;
  busy: boolean;
  onConfirm: (reason: string) => void;
  /** Shown above the reason: what the step means (the refund a cancellation gives back). */
  children?: ReactNode;
};

export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirm,
  required,
  busy,
  onConfirm,
  children,
}: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (required) {
      const { cancelSchema } = await schemas();
      const parsed = cancelSchema.safeParse({ reason });
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please give a reason');
    }
    onConfirm(reason.trim());
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {children}
      <form onSubmit={submit} className="mt-5 space-y-4">
        <label className="block text-sm font-medium">
          Reason{required ? '' : ' (optional)'}
          <textarea
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            rows={3}
            maxLength={REASON_MAX}
            aria-invalid={error ? true : undefined}
            className="mt-1.5 block w-full resize-none rounded-xl border border-line bg-white px-3 py-2 text-base font-normal focus:border-gold-deep focus:outline-none"
          />
        </label>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <Button type="submit" disabled={busy} className="sm:flex-1">
            {confirm}
          </Button>
          <Button variant="outline" onClick={() => onOpenChange(false)} className="sm:flex-1">
            Keep booking
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
