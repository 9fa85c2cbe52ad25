import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  max: number;
  /** The shared schema's verdict: an error message, or the cleaned text. */
  /** The shared schema's verdict (async: the schema loads on first use). */
  parse: (text: string) => Promise<{ ok: true; value: string } | { ok: false; message: string }>;
  /** Rejects with the server's message, shown in the dialog. */
  onSubmit: (value: string) => Promise<unknown>;
  danger?: boolean;
};

/** A confirm dialog that asks for a short text: the reason for a rejection, the note on a report. */
export function ReasonDialog(props: Props) {
  const { open, onOpenChange, title, description, label, submitLabel, max, parse, onSubmit, danger } = props;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  function close(next: boolean) {
    if (busy) return;
    onOpenChange(next);
    if (!next) {
      setText('');
      setError(null);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = await parse(text);
    if (!parsed.ok) return setError(parsed.message);
    setBusy(true);
    setError(null);
    try {
      await onSubmit(parsed.value);
      setBusy(false);
      setText('');
      onOpenChange(false);
    } catch (err) {
      setBusy(false);
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Dialog open={open} onOpenChange={close} title={title} description={description}>
      <form onSubmit={submit} noValidate className="mt-5 space-y-2">
        <label htmlFor={`${id}-text`} className="block text-sm font-medium">
          {label}
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={4}
          maxLength={max}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          className="block w-full resize-y rounded-xl border border-line bg-white px-3 py-2 text-base focus:border-gold-deep focus:outline-none focus-visible:ring-2 focus-visible:ring-gold/40"
        />
        <p id={`${id}-count`} className="text-right text-xs text-muted">
          {text.trim().length} / {max}
        </p>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy} className={danger ? 'bg-danger! hover:bg-danger/90!' : ''}>
            {busy ? 'Saving…' : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
