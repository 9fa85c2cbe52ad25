import { experienceEditorPath } from '@lokal/shared/domain/pages';
import type { ExperienceCard as Card } from '@lokal/shared/schemas/experiences';
import { Clock, Images, Pause, Pencil, Send } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { formatDuration, priceLine } from '../format.ts';
import { PhotoPlaceholder } from './photo-placeholder.tsx';
import { StatusBadge } from './status-badge.tsx';

type Props = {
  experience: Card;
  onStatus: (status: 'published' | 'paused') => void;
  busy: boolean;
};

/** One of the guide's experiences in their list, with its status and the step that comes next. */
export function ExperienceCard({ experience: e, onStatus, busy }: Props) {
  const live = e.status === 'published';
  return (
    <article
      className="flex w-full flex-col overflow-hidden rounded-card bg-white shadow-card"
      aria-labelledby={`xp-${e.id}-title`}
      data-testid="experience-card"
    >
      <div className="relative aspect-[16/10]">
        {e.photo ? (
          <img src={e.photo} alt="" className="h-full w-full bg-sand object-cover" loading="lazy" />
        ) : (
          <PhotoPlaceholder className="h-full w-full" />
        )}
        <StatusBadge status={e.status} className="absolute top-3 left-3 shadow-card" />
        {e.photoCount > 1 ? (
          <span className="absolute right-3 bottom-3 inline-flex items-center gap-1 rounded-full bg-ink/75 px-2 py-0.5 text-xs text-ivory">
            <Images className="h-3.5 w-3.5" aria-hidden />
            {e.photoCount}
            <span className="sr-only"> photos</span>
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-medium tracking-wide text-gold-deep uppercase">{e.category}</p>
        <h2 id={`xp-${e.id}-title`} className="mt-1 text-xl leading-tight">
          {e.title}
        </h2>
        <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Duration</dt>
            <Clock className="h-4 w-4" aria-hidden />
            <dd>{formatDuration(e.durationMinutes)}</dd>
          </div>
          <div>
            <dt className="sr-only">Price</dt>
            <dd className={e.price > 0 ? 'font-medium text-ink' : ''}>
              {priceLine(e.price, e.currency, e.priceMode)}
            </dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-5">
          <Link
            to={experienceEditorPath(e.id)}
            className={buttonClass('outline', 'sm')}
            aria-label={`Edit ${e.title}`}
          >
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </Link>
          {live ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() => onStatus('paused')}
              aria-label={`Pause ${e.title}`}
            >
              <Pause className="h-4 w-4" aria-hidden /> Pause
            </Button>
          ) : (
            <Button
              size="sm"
              disabled={busy}
              onClick={() => onStatus('published')}
              aria-label={`Publish ${e.title}`}
            >
              <Send className="h-4 w-4" aria-hidden /> Publish
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
