import { guidePagePath } from '@lokal/shared/domain/pages';
import { standingText } from '@lokal/shared/domain/track-record';
import type { GuideCard as Guide } from '@lokal/shared/schemas/discovery';
import { BadgeCheck, Clock, Languages, MapPin, MessageCircle, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TagList } from '../../../components/ui/tag-list.tsx';

type Props = {
  guide: Guide;
  layout: 'grid' | 'list';
  onContact: (guide: Guide) => void;
  /** Given, the rating opens the guide's reviews (the screen places the reviews dialog). */
  onShowReviews?: (guide: Guide) => void;
  /** The heart over the photo; the screen brings it from the favorites feature. */
  favorite?: ReactNode;
  /** The traveller's match with this guide; the screen brings it from the match feature. */
  match?: ReactNode;
};

export function GuideCard({ guide, layout, onContact, onShowReviews, favorite, match }: Props) {
  const list = layout === 'list';
  return (
    <article
      className={`group relative flex overflow-hidden rounded-card bg-white shadow-card transition-shadow hover:shadow-lift ${list ? 'flex-row' : 'flex-col'}`}
      data-testid="guide-card"
    >
      {/* The photo fills a box of fixed shape: it never resizes the card when it arrives. */}
      <div className={`relative shrink-0 overflow-hidden bg-sand ${list ? 'w-28 sm:w-48' : 'aspect-[4/3]'}`}>
        {/* The photo and the name lead to the guide's page (docs/product.md#guide-page). */}
        <Link to={guidePagePath(guide.slug)} tabIndex={-1} aria-hidden className="absolute inset-0">
          <img
            src={guide.thumbnail}
            alt=""
            width={320}
            height={240}
            loading="lazy"
            className="h-full w-full object-cover"
          />
        </Link>
        {favorite ? <div className="absolute top-3 right-3">{favorite}</div> : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col p-4 sm:p-5">
        <div className="flex items-start justify-between gap-2">
          <h2 className="flex items-center gap-1.5 text-lg sm:text-xl">
            <Link to={guidePagePath(guide.slug)} className="truncate hover:underline">
              {guide.name}
            </Link>
            {guide.age ? <span className="text-muted">{guide.age}</span> : null}
            {guide.verified ? (
              <BadgeCheck className="h-5 w-5 shrink-0 text-sage" aria-label="Verified" />
            ) : null}
          </h2>
          {/* Rating and count from published reviews; the rest from the track record (docs/product.md#track-record). */}
          {onShowReviews && guide.track.reviews ? (
            <button
              type="button"
              onClick={() => onShowReviews(guide)}
              className="inline-flex shrink-0 items-center gap-1 rounded-full text-sm font-semibold hover:underline"
              aria-label={`${guide.rating.toFixed(1)} stars from ${guide.track.reviews}: read the reviews of ${guide.name}`}
            >
              <Star className="h-4 w-4 fill-gold text-gold" aria-hidden />
              {guide.rating.toFixed(1)}
              <span className="font-normal text-muted">({guide.reviews})</span>
            </button>
          ) : (
            <span className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold">
              <Star className="h-4 w-4 fill-gold text-gold" aria-hidden />
              {standingText(guide.track, guide.rating)}
            </span>
          )}
        </div>
        <p className="mt-1 flex items-center gap-1 text-sm text-muted">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden />
          {guide.track.location}
        </p>
        <p className="mt-1 text-sm font-medium text-gold-deep">{guide.profession}</p>
        {match}
        {list ? null : <p className="mt-2 line-clamp-2 text-sm text-ink/80">{guide.bio}</p>}
        <TagList tags={guide.specialties} label="Specialties" className="mt-3" />
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          <span className="inline-flex items-center gap-1">
            <Languages className="h-3.5 w-3.5" aria-hidden /> {guide.languages.join(', ')}
          </span>
          {guide.track.replyTime ? (
            <span className="inline-flex items-center gap-1">
              <Clock className="h-3.5 w-3.5" aria-hidden /> {guide.track.replyTime}
            </span>
          ) : null}
        </p>
        <div className="mt-auto flex items-center justify-between gap-3 pt-4">
          <span className="text-sm">
            {guide.track.price ? <span className="font-semibold">{guide.track.price}</span> : null}
            {guide.track.tours ? <span className="text-muted"> · {guide.track.tours}</span> : null}
          </span>
          <Button size="sm" onClick={() => onContact(guide)} aria-label={`Contact ${guide.name}`}>
            <MessageCircle className="h-4 w-4" aria-hidden /> Contact
          </Button>
        </div>
      </div>
    </article>
  );
}
