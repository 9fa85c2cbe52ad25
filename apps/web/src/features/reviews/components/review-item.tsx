import type { PublicReview } from '@lokal/shared/schemas/reviews';
import { useFormat } from '../../../lib/use-format.ts';
import { Stars } from './stars.tsx';

/** One published review: stars, words, who wrote it, for which tour and when. */
export function ReviewItem({ review: r }: { review: PublicReview }) {
  const f = useFormat();
  return (
    <article className="flex gap-3" data-testid="review">
      {r.author.image ? (
        <img
          src={r.author.image}
          alt=""
          width={40}
          height={40}
          // Below the fold on every page that lists reviews: each portrait is a drawing of its own to paint.
          loading="lazy"
          decoding="async"
          className="h-10 w-10 shrink-0 rounded-full bg-sand"
        />
      ) : (
        <span
          aria-hidden
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-sand font-display text-lg"
        >
          {r.author.firstName.slice(0, 1)}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{r.author.firstName}</span>
          <span className="text-muted">
            {r.tourName} · <time dateTime={r.date}>{f.date(r.date)}</time>
          </span>
        </p>
        <Stars rating={r.rating} className="mt-0.5" />
        {r.text ? <p className="mt-1 text-sm whitespace-pre-line text-ink/90">{r.text}</p> : null}
      </div>
    </article>
  );
}
