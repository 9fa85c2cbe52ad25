import { TRAVEL_STYLE_MESSAGES } from '@lokal/shared/constants/travel-style';
import { paths } from '@lokal/shared/domain/pages';
import { Sparkles } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useTravelStyle } from '../api/get-travel-style.ts';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * The "Travel style" quiz, offered (docs/product.md#travel-style): on the home screen an invitation until it
 * is taken; in settings, when it was taken and a way to change it.
 */
export function TravelStyleCard({ place }: { place: 'home' | 'settings' }) {
  const style = useTravelStyle();
  const location = useLocation();
  const taken = style.data?.travelStyle ? style.data.updatedAt : null;
  const link = (label: string, variant: 'gold' | 'outline') => (
    <Link
      to={paths.tourist.travelStyle}
      state={{ from: location.pathname + location.search }}
      className={buttonClass(variant, 'sm')}
    >
      {label}
    </Link>
  );

  if (place === 'home') {
    if (!style.data || taken) return null;
    return (
      <aside
        aria-label="Travel style quiz"
        className="flex flex-wrap items-center justify-between gap-3 rounded-card bg-white p-4 shadow-card"
      >
        <p className="flex items-center gap-2 text-sm">
          <Sparkles className="h-4 w-4 shrink-0 text-gold" aria-hidden />
          {TRAVEL_STYLE_MESSAGES.invite}
        </p>
        {link('Take the quiz', 'gold')}
      </aside>
    );
  }

  return (
    <section aria-labelledby="travel-style-title" className="rounded-card bg-white p-5 shadow-card sm:p-6">
      <h2 id="travel-style-title" className="text-xl">
        Travel style
      </h2>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
        {style.isPending ? (
          <p className="text-muted">Loading…</p>
        ) : style.isError ? (
          <p role="alert" className="text-danger">
            {TRAVEL_STYLE_MESSAGES.loadFailed}
          </p>
        ) : taken ? (
          <p className="text-muted">Your answers from {dateOf(taken)} shape your matches.</p>
        ) : (
          <p className="text-muted">{TRAVEL_STYLE_MESSAGES.invite}</p>
        )}
        {style.isPending
          ? null
          : link(taken ? 'Edit my travel style' : 'Take the quiz', taken ? 'outline' : 'gold')}
      </div>
    </section>
  );
}
