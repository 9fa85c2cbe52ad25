import { Star } from 'lucide-react';

type Props = { rating: number; className?: string; size?: 'sm' | 'md' };

/** A 1–5 star mark as one image for screen readers ("4 out of 5 stars"). */
export function Stars({ rating, className = '', size = 'sm' }: Props) {
  const icon = size === 'sm' ? 'h-4 w-4' : 'h-5 w-5';
  return (
    <span
      role="img"
      aria-label={`${rating} out of 5 stars`}
      className={`inline-flex items-center gap-0.5 ${className}`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={`${icon} ${n <= Math.round(rating) ? 'fill-gold text-gold' : 'fill-sand text-line'}`}
        />
      ))}
    </span>
  );
}
