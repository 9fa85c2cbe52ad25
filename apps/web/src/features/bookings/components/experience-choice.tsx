import type { ExperienceCard } from '@lokal/shared/schemas/experiences';
import { ChevronRight, Clock, Star, Users, Zap } from 'lucide-react';
import { money, unitPrice } from '../format.ts';

type Props = { experiences: ExperienceCard[]; onChoose: (experience: ExperienceCard) => void };

const hours = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m}`;
};

/** The guide's published experiences, each a button that leads to its calendar (docs/product.md#bookings). */
export function ExperienceChoice({ experiences, onChoose }: Props) {
  return (
    <ul className="mt-5 space-y-2" aria-label="Experiences">
      {experiences.map((e) => (
        <li key={e.id}>
          <button
            type="button"
            onClick={() => onChoose(e)}
            className="flex w-full items-center gap-3 rounded-xl border border-line bg-white p-3 text-left transition-colors hover:border-ink/40"
          >
            {e.photo ? (
              <img
                src={e.photo}
                alt=""
                width={64}
                height={64}
                className="h-16 w-16 shrink-0 rounded-lg bg-sand object-cover"
              />
            ) : null}
            <span className="min-w-0 flex-1">
              <span className="block font-medium leading-snug">{e.title}</span>
              <span className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted">
                {e.category !== e.title ? <span>{e.category}</span> : null}
                <span className="inline-flex items-center gap-1">
                  <Clock className="h-3.5 w-3.5" aria-hidden /> {hours(e.durationMinutes)}
                </span>
                <span className="inline-flex items-center gap-1">
                  <Users className="h-3.5 w-3.5" aria-hidden />
                  {e.minGroup === e.maxGroup ? e.minGroup : `${e.minGroup}–${e.maxGroup}`}
                  <span className="sr-only"> people</span>
                </span>
                {e.rating.count > 0 ? (
                  <span className="inline-flex items-center gap-1">
                    <Star className="h-3.5 w-3.5" aria-hidden /> {e.rating.average.toFixed(1)}
                    <span className="sr-only"> stars from {e.rating.count} reviews</span>
                  </span>
                ) : null}
                {e.bookingMode === 'instant' ? (
                  <span className="inline-flex items-center gap-1 text-sage">
                    <Zap className="h-3.5 w-3.5" aria-hidden /> Instant
                  </span>
                ) : null}
              </span>
              <span className="mt-1 block text-sm">
                <span className="font-semibold">{unitPrice(e)}</span>
                {e.displayPrice ? (
                  <span className="text-muted">
                    {' '}
                    · about {money(e.displayPrice.amount, e.displayPrice.currency)}
                  </span>
                ) : null}
              </span>
            </span>
            <ChevronRight className="h-5 w-5 shrink-0 text-muted" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
