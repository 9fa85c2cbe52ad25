import { REVIEW_MESSAGES } from '@lokal/shared/constants/reviews';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useReviewState } from '../api/get-review-state.ts';
import { ReviewDialog } from './review-dialog.tsx';
import { ReviewItem } from './review-item.tsx';
import { Stars } from './stars.tsx';

/**
 * The review part of a completed booking: "Write a review" while the 14 days run, then my review (hidden or
 * published) and the other side's once it is published. Renders nothing for a booking not completed.
 */
export function ReviewPrompt({ bookingId }: { bookingId: string }) {
  const review = useReviewState(bookingId);
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const s = review.data;
  if (s?.status !== 'completed') return null;
  const name = s.other.firstName || 'them';
  const deadline = s.deadline ? f.date(s.deadline) : '';

  return (
    <section
      className="mt-4 space-y-3 border-t border-line pt-4"
      aria-label="Reviews"
      data-testid="review-prompt"
    >
      {s.canWrite ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">
            {s.theirsWritten
              ? `${name} has reviewed you. Write yours to see it.`
              : `How was it? You can review ${name} until ${deadline}.`}
          </p>
          <Button size="sm" variant="gold" onClick={() => setOpen(true)}>
            <Star className="h-4 w-4" aria-hidden /> Write a review
          </Button>
        </div>
      ) : null}
      {s.mine ? (
        <div className="rounded-xl bg-sand/50 px-3 py-2 text-sm">
          <p className="flex items-center gap-2 font-medium">
            Your review <Stars rating={s.mine.rating} />
          </p>
          {s.mine.text ? <p className="mt-1 whitespace-pre-line">{s.mine.text}</p> : null}
          {s.mine.publishedAt ? null : (
            <p className="mt-1 text-xs text-muted">{REVIEW_MESSAGES.hiddenUntil(deadline)}</p>
          )}
        </div>
      ) : null}
      {s.theirs ? (
        <div className="text-sm">
          <p className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
            {name}’s review of you
          </p>
          <ReviewItem review={s.theirs} />
        </div>
      ) : null}
      {!s.mine && s.reason === 'window-closed' ? (
        <p className="text-sm text-muted">The time to review this tour ended on {deadline}.</p>
      ) : null}
      <ReviewDialog
        bookingId={bookingId}
        open={open}
        onOpenChange={setOpen}
        otherName={name}
        tourName={s.tourName}
        theirsWritten={s.theirsWritten}
      />
    </section>
  );
}
