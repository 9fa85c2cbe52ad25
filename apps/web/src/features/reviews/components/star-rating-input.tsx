import { STAR_LABELS } from '@lokal/shared/constants/reviews';
import { Star } from 'lucide-react';
import { useState } from 'react';

type Props = {
  value: number | null;
  onChange: (rating: number) => void;
  name?: string;
  disabled?: boolean;
  /** Id of the error text, read with the group. */
  describedBy?: string;
};

/**
 * Five stars as a native radio group: Tab reaches it once, the arrow keys move the choice, and each star is
 * announced with its meaning ("4 stars, Very good").
 */
export function StarRatingInput({ value, onChange, name = 'rating', disabled, describedBy }: Props) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <fieldset aria-describedby={describedBy} disabled={disabled} className="border-0 p-0">
      <legend className="text-sm font-medium">Your rating</legend>
      <div className="mt-1.5 flex items-center gap-0.5">
        {STAR_LABELS.map((label, i) => {
          const n = i + 1;
          return (
            <label
              key={label}
              className="cursor-pointer rounded-full p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold-deep"
              onMouseEnter={() => setHover(n)}
              onMouseLeave={() => setHover(null)}
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="sr-only"
              />
              <Star
                aria-hidden
                className={`h-8 w-8 transition-colors ${n <= shown ? 'fill-gold text-gold' : 'fill-white text-line'}`}
              />
              <span className="sr-only">
                {n} {n === 1 ? 'star' : 'stars'}, {label}
              </span>
            </label>
          );
        })}
        <span aria-hidden className="ml-2 min-w-20 text-sm text-muted">
          {shown ? STAR_LABELS[shown - 1] : ''}
        </span>
      </div>
    </fieldset>
  );
}
