import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { inputClass } from '../../../components/ui/field.tsx';

type Props = {
  id: string;
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  hint?: string;
  error?: string;
  /** The shared schema's limits: 12 items of 40 characters. */
  max?: number;
  maxLength?: number;
};

/** A list of short free-text items: chips with a remove button, and a field that adds on Enter or Add. */
export function TagField({
  id,
  label,
  values,
  onChange,
  placeholder,
  hint,
  error,
  max = 12,
  maxLength = 40,
}: Props) {
  const [text, setText] = useState('');
  const full = values.length >= max;

  function add() {
    const item = text.trim().replace(/\s+/g, ' ');
    if (!item || full) return;
    if (!values.some((v) => v.toLowerCase() === item.toLowerCase())) onChange([...values, item]);
    setText('');
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the item instead of submitting the whole form.
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  }

  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      {values.length ? (
        <ul className="mb-2 flex flex-wrap gap-1.5" aria-label={label}>
          {values.map((v) => (
            <li
              key={v}
              className="inline-flex items-center gap-1 rounded-full bg-sand py-1 pr-1 pl-3 text-sm"
            >
              {v}
              <button
                type="button"
                aria-label={`Remove ${v}`}
                onClick={() => onChange(values.filter((x) => x !== v))}
                className="grid h-6 w-6 place-items-center rounded-full text-muted hover:bg-white hover:text-ink"
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <input
          id={id}
          value={text}
          maxLength={maxLength}
          disabled={full}
          placeholder={full ? `Up to ${max}` : placeholder}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClass} h-11`}
        />
        <button
          type="button"
          onClick={add}
          disabled={full || !text.trim()}
          aria-label={`Add to ${label.toLowerCase()}`}
          className="grid h-11 w-11 shrink-0 place-items-center rounded-full border border-ink/20 hover:bg-sand disabled:opacity-40"
        >
          <Plus className="h-4 w-4" aria-hidden />
        </button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
