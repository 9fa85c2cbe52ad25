import type { ReactNode } from 'react';

type Props = { name: string; value: string; checked: boolean; onSelect: () => void; children: ReactNode };

/** One choice of a radio group shown as a card: the whole card is the label, arrow keys move between them. */
export function RadioCard({ name, value, checked, onSelect, children }: Props) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-line bg-white px-3 py-2.5 text-sm has-[:checked]:border-ink">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        className="accent-ink"
      />
      {children}
    </label>
  );
}
