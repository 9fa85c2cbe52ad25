import { standingText } from '@lokal/shared/domain/track-record';
import type { ProfileCard as Card } from '@lokal/shared/schemas/showcase';
import { Clock, MapPin, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { TagList } from '../../../components/ui/tag-list.tsx';

type Props = { card: Card; onOpen: () => void; favorite?: ReactNode };

// The landing's sample profile card: the name is a button stretched over the whole card (one keyboard
// target, no nested controls); the heart is a sibling positioned above it.
export function ProfileCard({ card, onOpen, favorite }: Props) {
  const isGuide = card.type === 'guide';
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-card bg-white shadow-card transition-shadow hover:shadow-lift has-[h3_button:focus-visible]:ring-2 has-[h3_button:focus-visible]:ring-gold-deep has-[h3_button:focus-visible]:ring-offset-2 has-[h3_button:focus-visible]:ring-offset-ivory">
      <div className="relative aspect-[4/3] overflow-hidden bg-sand">
        <img
          src={card.image}
          alt={card.name}
          width={400}
          height={300}
          loading="lazy"
          className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
        />
        <span
          className={`absolute top-3 left-3 rounded-full px-3 py-1 text-xs font-semibold tracking-wide ${isGuide ? 'bg-ink text-ivory' : 'bg-ivory text-ink'}`}
        >
          {isGuide ? 'Guide' : 'Traveler'}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-xl">
            <button
              type="button"
              onClick={onOpen}
              className="text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              {card.name}
              {card.age === null ? null : (
                <>
                  , <span className="text-muted">{card.age}</span>
                </>
              )}
            </button>
          </h3>
          {card.track?.reviews ? (
            <span className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold">
              <Star className="h-4 w-4 fill-gold text-gold" aria-hidden />
              <span className="sr-only">Rated </span>
              {card.rating.toFixed(1)}
              <span className="sr-only"> out of 5</span>
            </span>
          ) : null}
        </div>
        <p className="mt-1 flex items-center gap-1 text-sm text-muted">
          <MapPin className="h-4 w-4" aria-hidden />
          {card.location}
        </p>
        <p className="mt-1 text-sm font-medium text-gold-deep">{card.profession}</p>
        <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-ink/80">{card.bio}</p>
        <TagList tags={card.tags} label="Tags" className="mt-4" />
        {/* A guide's figures from the one track record (docs/product.md#track-record): no stored default. */}
        {isGuide && card.track ? (
          <p
            className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-4 text-sm text-muted"
            data-testid="guide-track"
          >
            <span className={card.track.reviews ? '' : 'font-semibold text-ink'}>
              {card.track.reviews ?? standingText(card.track, card.rating)}
            </span>
            {card.track.tours ? <span>{card.track.tours}</span> : null}
            {card.track.replyTime ? (
              <span className="inline-flex items-center gap-1">
                <Clock className="h-3.5 w-3.5" aria-hidden /> {card.track.replyTime}
              </span>
            ) : null}
            {card.track.price ? <span className="font-semibold text-ink">{card.track.price}</span> : null}
          </p>
        ) : null}
      </div>
      {/* After the card's main action in the tab order, drawn above the stretched button. */}
      {favorite ? <div className="absolute top-3 right-3 z-10">{favorite}</div> : null}
    </article>
  );
}
