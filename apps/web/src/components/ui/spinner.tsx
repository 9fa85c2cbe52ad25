import { Loader2 } from 'lucide-react';

export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-muted ${className}`}>
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      <span className={label ? '' : 'sr-only'}>{label ?? 'Loading'}</span>
    </span>
  );
}

/** A whole-page wait, with the reason underneath when there is one. */
export function PageSpinner({ label, detail }: { label: string; detail?: string }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
      <Spinner label={label} />
      {detail ? <p className="max-w-sm text-sm text-danger">{detail}</p> : null}
    </main>
  );
}
