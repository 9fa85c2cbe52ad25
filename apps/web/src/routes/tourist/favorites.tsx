import { paths } from '@lokal/shared/domain/pages';
import type { GuideCard as Guide } from '@lokal/shared/schemas/discovery';
import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { LoadMore } from '../../components/ui/load-more.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useStartConversation } from '../../features/chat/hooks/use-start-conversation.ts';
import { GuideCard } from '../../features/discovery/components/guide-card.tsx';
import { favoritesListQuery } from '../../features/favorites/api/get-favorites.ts';
import { FavoriteToggle } from '../../features/favorites/components/favorite-toggle.tsx';
import { ProfileReviewsDialog } from '../../features/reviews/components/profile-reviews-dialog.tsx';
import { profileQuery } from '../../lib/api/get-profile.ts';
import { ApiError } from '../../lib/api-client.ts';

function Grid({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={busy || undefined}>
      {children}
    </div>
  );
}

/**
 * The guides the tourist saved, as the same cards as discovery (docs/product.md#favorites). Each card reads
 * the guide's public profile, so it shows today's rating and price; a guide who is no longer listed drops out.
 */
export function Component() {
  const favorites = useInfiniteQuery(favoritesListQuery);
  const saved = (favorites.data?.pages.flatMap((p) => p.favorites) ?? []).filter(
    (f) => f.profileType === 'guide',
  );
  const profiles = useQueries({ queries: saved.map((f) => profileQuery('guide', f.profileId)) });
  const [reviewsOf, setReviewsOf] = useState<Guide | null>(null);
  const conversation = useStartConversation('tourist');

  const guides: Guide[] = profiles.flatMap((p) => (p.data?.type === 'guide' ? [p.data.profile] : []));
  // Gone from the listing (404) is not an error to show: the card just is not there.
  const failed = profiles.find((p) => p.isError && !(p.error instanceof ApiError && p.error.status === 404));
  const loadingIds = saved.filter((_, i) => profiles[i]?.isPending).map((f) => f.profileId);
  const loadingCards = loadingIds.length;
  const error = favorites.error ?? failed?.error ?? null;
  const none =
    favorites.isSuccess && !favorites.hasNextPage && !error && loadingCards === 0 && guides.length === 0;

  return (
    <div className="pb-24 lg:pb-12">
      <main className="mx-auto max-w-6xl px-5 pt-6">
        <h1 className="text-3xl sm:text-4xl">Favorites</h1>
        <p className="mt-1 text-muted">The guides you saved, to come back to.</p>

        {favorites.isPending ? (
          <Grid busy>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-96 rounded-card" />
            ))}
          </Grid>
        ) : null}
        {error ? (
          <div className="mt-10 rounded-card border border-line bg-white p-8 text-center">
            <p className="text-danger" role="alert">
              {error.message}
            </p>
            <Button
              variant="outline"
              className="mt-4"
              onClick={() => {
                void favorites.refetch();
                for (const p of profiles) if (p.isError) void p.refetch();
              }}
            >
              Retry
            </Button>
          </div>
        ) : null}
        {none ? (
          <div className="mt-10 rounded-card border border-line bg-white p-10 text-center">
            <Heart className="mx-auto h-10 w-10 text-terracotta" aria-hidden />
            <h2 className="mt-3 text-2xl">No favorites yet — browse guides</h2>
            <p className="mt-2 text-muted">Tap the heart on a guide's card to keep them here.</p>
            <Link to={paths.tourist.home} className={buttonClass('primary', 'md', 'mt-5')}>
              Browse guides
            </Link>
          </div>
        ) : null}
        {guides.length || loadingCards ? (
          <Grid busy={loadingCards > 0}>
            {guides.map((g) => (
              <GuideCard
                key={g.id}
                guide={g}
                layout="grid"
                onContact={(guide) => conversation.start({ guideId: guide.id })}
                onShowReviews={setReviewsOf}
                favorite={
                  <FavoriteToggle signedIn profileId={g.id} profileType="guide" profileName={g.name} />
                }
              />
            ))}
            {loadingIds.map((id) => (
              <Skeleton key={id} className="h-96 rounded-card" />
            ))}
          </Grid>
        ) : null}
        {error ? null : <LoadMore pages={favorites} label="Load more favorites" />}
      </main>
      {reviewsOf ? (
        <ProfileReviewsDialog
          type="guide"
          id={reviewsOf.id}
          name={reviewsOf.name}
          open
          onOpenChange={(o) => !o && setReviewsOf(null)}
        />
      ) : null}
    </div>
  );
}
