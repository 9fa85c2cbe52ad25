import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export const inputClass =
  'h-12 w-full rounded-xl border border-line bg-white px-4 text-base text-ink placeholder:text-muted/80 focus:border-gold-deep focus:outline-none focus-visible:ring-2 focus-visible:ring-gold/40 disabled:opacity-60';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
};

export function Field({ label, hint, error, id, className = '', ...props }: FieldProps) {
  const fieldId = id ?? props.name ?? label.toLowerCase().replace(/\W+/g, '-');
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={fieldId}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        {...props}
      />
      {hint ? <p className="mt-1.5 text-sm text-muted">{hint}</p> : null}
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
