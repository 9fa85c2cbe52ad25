import { MATCH_MESSAGES } from '@lokal/shared/constants/travel-style';
import { paths } from '@lokal/shared/domain/pages';
import type { CardMatch } from '@lokal/shared/schemas/match';
import { Check, Sparkles } from 'lucide-react';
import { Link, useLocation } from 'react-router';

type Props = {
  match: CardMatch | null | undefined;
  /** Compact on a card; roomier on the guide and experience pages. */
  size?: 'card' | 'page';
  /** Who reads it: on a page, a traveller is invited to the quiz when the score is from the profile only. */
  reader?: 'traveller' | 'guide';
};

/**
 * "92% match" with its reasons (docs/product.md#match-score). A score from the profile alone says so and, on a
 * page, invites the traveller to the "Travel style" quiz. While nothing is known of the traveller no
 * percentage is shown, only the invitation; a match without a reason shows nothing.
 */
export function MatchSummary({ match, size = 'card', reader = 'traveller' }: Props) {
  const location = useLocation();
  if (!match) return null;
  const page = size === 'page';
  if (match.basis === 'none') {
    if (reader === 'guide') return null;
    return (
      <p
        className={page ? 'rounded-card border border-line bg-white p-4' : 'mt-3'}
        data-testid="match-summary"
      >
        <Link
          to={paths.tourist.travelStyle}
          state={{ from: location.pathname + location.search }}
          className="inline-flex items-center gap-1 text-sm font-medium text-gold-deep underline underline-offset-4 hover:text-ink"
        >
          <Sparkles className="h-3.5 w-3.5" aria-hidden />
          {MATCH_MESSAGES.quizForMatches}
        </Link>
      </p>
    );
  }
  if (match.score === null || match.reasons.length === 0) return null;
  return (
    <div
      className={page ? 'rounded-card border border-line bg-white p-4' : 'mt-3'}
      data-testid="match-summary"
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span
          className={`inline-flex items-center gap-1 rounded-full bg-sage/15 px-2.5 py-0.5 font-semibold text-ink ${page ? 'text-base' : 'text-sm'}`}
        >
          <Sparkles className="h-3.5 w-3.5 text-gold-deep" aria-hidden />
          {match.score}% match
        </span>
        {match.basis === 'profile' ? (
          <span className="text-xs text-muted">
            {reader === 'guide' ? MATCH_MESSAGES.theirProfileBasis : MATCH_MESSAGES.profileBasis}
          </span>
        ) : null}
      </p>
      {match.reasons.length ? (
        <ul
          className={`mt-1.5 space-y-0.5 text-ink/80 ${page ? 'text-sm' : 'text-xs'}`}
          aria-label="Why you match"
        >
          {match.reasons.map((r) => (
            <li key={r} className="flex items-start gap-1.5">
              <Check className="mt-0.5 h-3.5 w-3.5 shrink-0 text-sage" aria-hidden />
              {r}
            </li>
          ))}
        </ul>
      ) : null}
      {/* The home screen has its own invitation above the cards. */}
      {page && match.basis === 'profile' && reader === 'traveller' ? (
        <Link
          to={paths.tourist.travelStyle}
          state={{ from: location.pathname + location.search }}
          className="mt-1.5 inline-block text-xs font-medium text-gold-deep underline underline-offset-4 hover:text-ink"
        >
          {MATCH_MESSAGES.takeQuiz}
        </Link>
      ) : null}
    </div>
  );
}
