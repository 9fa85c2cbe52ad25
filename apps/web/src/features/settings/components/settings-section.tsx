import type { ReactNode } from 'react';

type Props = { id: string; title: string; description?: ReactNode; children: ReactNode };

/** A titled card of the settings screens; the heading names the region for screen readers. */
export function SettingsSection({ id, title, description, children }: Props) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-card bg-white p-5 shadow-card sm:p-6">
      <h2 id={`${id}-title`} className="text-xl">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A read-only line of a section: what it is, its value, and a note under it. */
export function SettingsRow({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="py-3 first:pt-0 last:pb-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-0.5 font-medium break-words">{value}</dd>
      {note ? <dd className="mt-1 text-sm text-muted">{note}</dd> : null}
    </div>
  );
}

/** Something went wrong loading a section: say what, and offer to try again. */
export function SectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-danger">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-full border border-ink/20 px-3.5 py-1.5 font-medium hover:bg-sand"
      >
        Retry
      </button>
    </div>
  );
}
