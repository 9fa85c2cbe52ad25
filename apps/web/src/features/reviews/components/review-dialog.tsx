import { REVIEW_MESSAGES, REVIEW_TEXT_MAX, REVIEW_WINDOW_DAYS } from '@lokal/shared/constants/reviews';
import type { ReviewState } from '@lokal/shared/schemas/reviews';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { onDemand } from '../../../lib/on-demand.ts';
import { toast } from '../../../lib/toast.ts';
import { useSubmitReview } from '../api/submit-review.ts';
import { StarRatingInput } from './star-rating-input.tsx';

const schemas = onDemand(() => import('@lokal/shared/schemas/reviews'));

type Props = {
  bookingId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who is being reviewed (first name is enough). */
  otherName: string;
  tourName?: string;
  /** The other side already wrote: sending publishes both at once. */
  theirsWritten?: boolean;
  onSubmitted?: (state: ReviewState) => void;
};

/** Stars (required) and words (optional) about the other side of a completed booking; sent once. */
export function ReviewDialog({
  bookingId,
  open,
  onOpenChange,
  otherName,
  tourName,
  theirsWritten = false,
  onSubmitted,
}: Props) {
  const submit = useSubmitReview(bookingId);
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const textId = useId();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    // The same schema as the route: the first problem is shown, the server has the last word.
    const { reviewInputSchema } = await schemas();
    const parsed = reviewInputSchema.safeParse({ rating: rating ?? undefined, text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? REVIEW_MESSAGES.chooseStars);
    setError(null);
    submit.mutate(parsed.data, {
      onSuccess: (state) => {
        toast.success(state.mine?.publishedAt ? REVIEW_MESSAGES.published : REVIEW_MESSAGES.submitted);
        onOpenChange(false);
        setRating(null);
        setText('');
        onSubmitted?.(state);
      },
      onError: (err) => setError(err.message),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Review ${otherName}`}
      description={tourName ? `How was ${tourName}?` : 'How was your tour?'}
    >
      <form onSubmit={onSubmit} className="mt-5 space-y-4" noValidate>
        <StarRatingInput
          value={rating}
          onChange={(n) => {
            setRating(n);
            setError(null);
          }}
          disabled={submit.isPending}
          describedBy={error ? errorId : undefined}
        />
        <div>
          <label htmlFor={textId} className="block text-sm font-medium">
            Your words <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id={textId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={4}
            maxLength={REVIEW_TEXT_MAX}
            placeholder={`What made it special? What could ${otherName} do better?`}
            className="mt-1.5 block w-full resize-y rounded-xl border border-line bg-white px-3 py-2 text-base focus:border-gold-deep focus:outline-none focus-visible:ring-2 focus-visible:ring-gold/40"
            aria-describedby={`${textId}-count`}
          />
          <p id={`${textId}-count`} className="mt-1 text-right text-xs text-muted">
            {text.trim().length} / {REVIEW_TEXT_MAX}
          </p>
        </div>
        <p className="text-sm text-muted">
          {theirsWritten
            ? `${otherName} has written theirs: both are published as soon as you send yours.`
            : `Reviews are shown once ${otherName} has written theirs, or after ${REVIEW_WINDOW_DAYS} days.`}{' '}
          You can write only one, and not change it later.
        </p>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={submit.isPending}>
          {submit.isPending ? 'Sending…' : 'Send review'}
        </Button>
      </form>
    </Dialog>
  );
}
