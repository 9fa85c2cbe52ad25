import { EXPERIENCE_LIMITS as L } from '@lokal/shared/constants/experiences';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { inputClass } from '../../../components/ui/field.tsx';

type Props = {
  /** The field's name in the schema: 'included' or 'notIncluded'. */
  name: string;
  label: string;
  hint: string;
  placeholder: string;
  values: string[];
  onChange: (values: string[]) => void;
  /** Messages by path ('included.2', 'included'). */
  errors: Record<string, string>;
};

/** An editable list of lines: each its own field, Enter adds the next one, a button removes one. */
export function ListField({ name, label, hint, placeholder, values, onChange, errors }: Props) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focusNext = useRef<number | null>(null);
  const full = values.length >= L.listItems;

  useEffect(() => {
    if (focusNext.current === null) return;
    refs.current[focusNext.current]?.focus();
    focusNext.current = null;
  });

  function add(at = values.length) {
    if (full) return;
    focusNext.current = at;
    onChange([...values.slice(0, at), '', ...values.slice(at)]);
  }
  function remove(i: number) {
    focusNext.current = Math.min(i, values.length - 2);
    onChange(values.filter((_, j) => j !== i));
  }
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>, i: number) {
    // Enter starts the next line instead of submitting the form.
    if (e.key === 'Enter') {
      e.preventDefault();
      add(i + 1);
    } else if (e.key === 'Backspace' && values[i] === '' && values.length > 0) {
      e.preventDefault();
      remove(i);
    }
  }

  const listError = errors[name];
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <p id={`xp-${name}-hint`} className="mb-2 text-sm text-muted">
        {hint}
      </p>
      {values.length ? (
        <ol className="space-y-2">
          {values.map((v, i) => {
            const id = `xp-${name}-${i}`;
            const error = errors[`${name}.${i}`];
            return (
              // Lines have no identity of their own beyond their place in the list.
              // biome-ignore lint/suspicious/noArrayIndexKey: position is the line's identity
              <li key={i}>
                <div className="flex gap-2">
                  <label htmlFor={id} className="sr-only">
                    {label}, line {i + 1}
                  </label>
                  <input
                    id={id}
                    ref={(el) => {
                      refs.current[i] = el;
                    }}
                    value={v}
                    maxLength={L.listItemMax}
                    placeholder={i === 0 ? placeholder : undefined}
                    onChange={(e) => onChange(values.map((x, j) => (j === i ? e.target.value : x)))}
                    onKeyDown={(e) => onKeyDown(e, i)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    className={`${inputClass} h-11`}
                  />
                  <button
                    type="button"
                    onClick={() => remove(i)}
                    aria-label={`Remove line ${i + 1}${v.trim() ? `: ${v.trim()}` : ''}`}
                    className="grid h-11 w-11 shrink-0 place-items-center rounded-full text-muted hover:bg-sand hover:text-ink"
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </button>
                </div>
                {error ? (
                  <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      <button
        type="button"
        onClick={() => add()}
        disabled={full}
        className="mt-2 inline-flex h-9 items-center gap-1.5 rounded-full border border-ink/20 px-3.5 text-sm hover:bg-sand disabled:opacity-50"
      >
        <Plus className="h-4 w-4" aria-hidden />
        {full ? `Up to ${L.listItems} lines` : `Add to ${label.toLowerCase()}`}
      </button>
      {listError ? (
        <p role="alert" className="mt-1.5 text-sm text-danger">
          {listError}
        </p>
      ) : null}
    </fieldset>
  );
}
