import { Heart } from 'lucide-react';

type Props = { name: string; pressed: boolean; busy?: boolean; onToggle: () => void; className?: string };

// Shown on card hover and whenever the card holds keyboard focus; always where nothing hovers (a touch
// screen) and once saved (docs/product.md#favorites, decision 094).
export function FavoriteButton({ name, pressed, busy, onToggle, className = '' }: Props) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={pressed ? `Remove ${name} from favorites` : `Add ${name} to favorites`}
      disabled={busy}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onToggle();
      }}
      className={`grid h-10 w-10 place-items-center rounded-full bg-white/90 text-ink shadow-card transition-opacity duration-150 hover:bg-white focus-visible:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100 ${pressed ? 'opacity-100' : 'opacity-0'} ${className}`}
      data-testid="favorite-button"
    >
      <Heart className={`h-5 w-5 ${pressed ? 'fill-terracotta text-terracotta' : ''}`} aria-hidden />
    </button>
  );
}
