import { REVIEW_MESSAGES } from '@lokal/shared/constants/reviews';
import { PAGE_REVIEWS } from '@lokal/shared/domain/first-reads';
import { Star } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useT } from '../../../lib/use-t.ts';
import { type ReviewSubject, useProfileReviews } from '../api/get-profile-reviews.ts';
import { ReviewItem } from './review-item.tsx';

type Props = {
  /** A person's reviews, or one experience's (docs/product.md#experience-page). */
  type: ReviewSubject | 'experience';
  id: string;
  /** Reviews per page ("Show more" loads the next). */
  pageSize?: number;
  heading?: string;
  /** Fetch only while shown (in a closed dialog, nothing is asked). */
  enabled?: boolean;
  /** The heading's level where the section sits (a page's section: 2). */
  level?: 2 | 3;
};

/** A profile's published reviews with their rating and count, newest first. */
export function ProfileReviews({
  type,
  id,
  pageSize = PAGE_REVIEWS,
  heading = 'Reviews',
  enabled = true,
  level = 3,
}: Props) {
  const t = useT();
  const Heading = level === 2 ? 'h2' : 'h3';
  const reviews = useProfileReviews(type, id, { pageSize, enabled });
  const summary = reviews.data?.pages[0]?.summary;
  const list = reviews.data?.pages.flatMap((p) => p.reviews) ?? [];
  return (
    <section aria-labelledby={`reviews-${id}`} className="space-y-4">
      <Heading id={`reviews-${id}`} className="flex flex-wrap items-center gap-x-2 text-lg">
        {heading}
        {summary && summary.count > 0 ? (
          <span className="inline-flex items-center gap-1 font-sans text-sm font-semibold">
            <Star className="h-4 w-4 fill-gold text-gold" aria-hidden />
            {summary.rating.toFixed(1)}
            <span className="font-normal text-muted">· {t('reviews.count', { count: summary.count })}</span>
          </span>
        ) : null}
      </Heading>
      {reviews.isPending && enabled ? <Skeleton className="h-20 rounded-xl" /> : null}
      {reviews.isError ? (
        <p className="text-sm text-danger" role="alert">
          {reviews.error.message}{' '}
          <button type="button" className="underline" onClick={() => reviews.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      {reviews.isSuccess && list.length === 0 ? (
        <p className="text-sm text-muted">{REVIEW_MESSAGES.noReviews}</p>
      ) : null}
      {list.length ? (
        <ul className="space-y-4">
          {list.map((r) => (
            <li key={r.id}>
              <ReviewItem review={r} />
            </li>
          ))}
        </ul>
      ) : null}
      {reviews.hasNextPage ? (
        <Button
          size="sm"
          variant="outline"
          disabled={reviews.isFetchingNextPage}
          onClick={() => reviews.fetchNextPage()}
        >
          {reviews.isFetchingNextPage ? 'Loading…' : 'Show more reviews'}
        </Button>
      ) : null}
    </section>
  );
}
