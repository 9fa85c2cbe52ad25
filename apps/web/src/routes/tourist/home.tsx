import { SUPPORTED_CURRENCIES } from '@lokal/shared/constants/currency';
import { DEFAULT_CURRENCY, TOURIST_HOME_CATEGORIES } from '@lokal/shared/constants/discovery';
import { touristHomeSearch } from '@lokal/shared/domain/first-reads';
import type { GuideCard as Guide, GuideSearchFilters } from '@lokal/shared/schemas/discovery';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Compass, LayoutGrid, List } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { useStartConversation } from '../../features/chat/hooks/use-start-conversation.ts';
import { userProfileQuery } from '../../features/discovery/api/get-user-profile.ts';
import { guideSearchQuery } from '../../features/discovery/api/search-guides.ts';
import { GuideCard } from '../../features/discovery/components/guide-card.tsx';
import { GuideFilters } from '../../features/discovery/components/guide-filters.tsx';
import { countFilters, emptySearchWords, withFilters } from '../../features/discovery/search-filters.ts';
import { FavoriteToggle } from '../../features/favorites/components/favorite-toggle.tsx';
import { useTravelStyle } from '../../features/match/api/get-travel-style.ts';
import { MatchSummary } from '../../features/match/components/match-summary.tsx';
import { TravelStyleCard } from '../../features/match/components/travel-style-card.tsx';
import { chosenTour } from '../../lib/chosen-tour.ts';
import { useLoadOnScroll } from '../../lib/load-on-scroll.ts';

// A card's reviews open in a dialog whose code loads on the first tap, not with the screen.
const ProfileReviewsDialog = lazy(() =>
  import('../../features/reviews/components/profile-reviews-dialog.tsx').then((m) => ({
    default: m.ProfileReviewsDialog,
  })),
);

export function Component() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const urlQ = params.get('q') ?? '';
  const [q, setQ] = useState(urlQ);
  const [reviewsOf, setReviewsOf] = useState<Guide | null>(null);
  // The URL holds every filter (docs/product.md#finding-a-guide): shared links, reloads, back and forward.
  const filters = touristHomeSearch(params);
  // The chips and the Experience filter are one category system: both set `type`.
  const category = filters.type ?? 'All';
  const layout = params.get('view') === 'list' ? 'list' : 'grid';
  const deferredQ = useDeferredValue(q.trim());
  const search = useInfiniteQuery(guideSearchQuery(filters));
  const sentinel = useLoadOnScroll(search);
  const { isFetchingNextPage } = search;
  const guides = search.data?.pages.flatMap((p) => p.guides) ?? [];
  const profile = useQuery(userProfileQuery);
  // Once the quiz is taken the search sorts by "Best match" unless another order is chosen (the server agrees).
  const defaultSort = useTravelStyle().data?.travelStyle ? 'best_match' : 'recommended';
  const currency = (SUPPORTED_CURRENCIES as readonly string[]).includes(profile.data?.currency ?? '')
    ? profile.data!.currency
    : DEFAULT_CURRENCY;

  // Back or forward changed the words in the URL: the box shows them.
  const typedQ = useRef(urlQ);
  useEffect(() => {
    if (urlQ !== typedQ.current) {
      typedQ.current = urlQ;
      setQ(urlQ);
    }
  }, [urlQ]);
  // Keep the URL in step with the box so a reload or a shared link shows the same results.
  useEffect(() => {
    if (deferredQ === typedQ.current.trim()) return;
    typedQ.current = deferredQ;
    const next = new URLSearchParams(params);
    if (deferredQ) next.set('q', deferredQ);
    else next.delete('q');
    setParams(next, { replace: true });
  }, [deferredQ, params, setParams]);

  // The filters asked for last: a second change made before the URL shows the first (a typed field's pause,
  // a navigation still under way) adds to it instead of starting again from the filters on screen.
  const asked = useRef(filters);
  const urlKey = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL changed, so it is what was asked for.
  useEffect(() => {
    asked.current = touristHomeSearch(params);
  }, [urlKey]);
  /** A new search is a new history entry, so back returns to the previous one. */
  const applyFilters = (next: GuideSearchFilters) => {
    const keys = new Set([...Object.keys(filters), ...Object.keys(next)]) as Set<keyof GuideSearchFilters>;
    const merged: GuideSearchFilters = { ...asked.current };
    for (const key of keys) {
      if (next[key] !== filters[key]) Object.assign(merged, { [key]: next[key] });
    }
    asked.current = merged;
    setParams(withFilters(params, merged));
  };
  const clearFilters = () => {
    setQ('');
    typedQ.current = '';
    asked.current = {};
    setParams(withFilters(params, {}));
  };
  /** "Clear search" empties the search box alone: the filters and the sort stay. */
  const clearSearch = () => {
    setQ('');
    typedQ.current = '';
    applyFilters({ ...asked.current, q: undefined });
  };
  const filtered = countFilters(filters) > 0 || Boolean(filters.q || filters.category);
  const empty = emptySearchWords(filters, currency);
  const clear = empty.clears === 'search' ? clearSearch : clearFilters;
  // The landing's tour type becomes the first discovery's Experience filter, once, unless the address
  // already asks for something (docs/product.md#open-screens).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, on the first discovery.
  useEffect(() => {
    const tour = chosenTour.get();
    if (!tour) return;
    chosenTour.forget();
    if (!filtered) {
      setParams(withFilters(params, { type: tour as GuideSearchFilters['type'] }), { replace: true });
    }
  }, []);

  function setView(value: string | null) {
    const next = new URLSearchParams(params);
    if (value) next.set('view', value);
    else next.delete('view');
    setParams(next, { replace: true });
  }

  const conversation = useStartConversation('tourist');
  const contact = (guide: Guide) => conversation.start({ guideId: guide.id });

  return (
    <div className="pb-24 lg:pb-12">
      <header className="sticky top-0 z-10 border-b border-line bg-ivory/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-5 py-3">
          <SearchField
            label="Search guides"
            value={q}
            onChange={setQ}
            placeholder="Search by name, city, profession…"
            className="flex-1 sm:max-w-md"
          />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-5 pt-6">
        <h1 className="text-3xl sm:text-4xl">Discover local guides</h1>
        <div className="mt-4">
          <TravelStyleCard place="home" />
        </div>
        <div className="mt-5 flex items-center gap-3">
          <fieldset className="-mx-1 flex min-w-0 flex-1 gap-2 overflow-x-auto border-0 px-1 pb-1">
            <legend className="sr-only">Categories</legend>
            {TOURIST_HOME_CATEGORIES.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={category === c}
                onClick={() =>
                  applyFilters({
                    ...filters,
                    category: undefined,
                    type: c === 'All' ? undefined : (c as GuideSearchFilters['type']),
                  })
                }
                className={`shrink-0 rounded-full border px-4 py-2 text-sm transition-colors ${category === c ? 'border-ink bg-ink text-ivory' : 'border-line bg-white hover:border-ink/40'}`}
              >
                {c}
              </button>
            ))}
          </fieldset>
          <fieldset className="hidden shrink-0 gap-1 rounded-full border border-line bg-white p-1 sm:flex">
            <legend className="sr-only">Layout</legend>
            <Button
              size="icon"
              variant={layout === 'grid' ? 'primary' : 'ghost'}
              aria-pressed={layout === 'grid'}
              aria-label="Grid view"
              onClick={() => setView(null)}
              className="h-8 w-8"
            >
              <LayoutGrid className="h-4 w-4" aria-hidden />
            </Button>
            <Button
              size="icon"
              variant={layout === 'list' ? 'primary' : 'ghost'}
              aria-pressed={layout === 'list'}
              aria-label="List view"
              onClick={() => setView('list')}
              className="h-8 w-8"
            >
              <List className="h-4 w-4" aria-hidden />
            </Button>
          </fieldset>
        </div>

        <GuideFilters
          filters={filters}
          currency={currency}
          onChange={applyFilters}
          onClear={clearFilters}
          defaultSort={defaultSort}
        />
        <div className="mt-4 flex min-h-6 items-center justify-between gap-3 text-sm text-muted">
          <p role="status" aria-live="polite">
            {search.isPending
              ? 'Finding guides…'
              : search.isSuccess
                ? resultCount(guides.length, Boolean(search.hasNextPage))
                : ''}
          </p>
          {/* An empty search has its own button below: one control for one action. */}
          {filtered && !(search.isSuccess && guides.length === 0) ? (
            <button
              type="button"
              onClick={clear}
              className="hidden shrink-0 rounded underline underline-offset-4 hover:text-ink sm:inline"
            >
              {empty.action}
            </button>
          ) : null}
        </div>

        {search.isPending ? (
          <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className="h-96 rounded-card" />
            ))}
          </div>
        ) : null}
        {search.isError ? (
          <div className="mt-10 rounded-card border border-line bg-white p-8 text-center">
            <p className="text-muted">{search.error.message}</p>
            <Button variant="outline" className="mt-4" onClick={() => search.refetch()}>
              Retry
            </Button>
          </div>
        ) : null}
        {search.isSuccess && guides.length === 0 ? (
          <div className="mt-10 rounded-card border border-line bg-white p-10 text-center">
            <Compass className="mx-auto h-10 w-10 text-gold-deep" aria-hidden />
            <h2 className="mt-3 text-2xl">{empty.title}</h2>
            <p className="mt-2 text-muted">{empty.body}</p>
            {empty.action ? (
              <Button variant="outline" className="mt-5" onClick={clear}>
                {empty.action}
              </Button>
            ) : null}
          </div>
        ) : null}
        {guides.length ? (
          <div
            className={`mt-4 grid gap-6 ${layout === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1'}`}
            data-layout={layout}
          >
            {guides.map((g) => (
              <GuideCard
                key={g.id}
                guide={g}
                layout={layout}
                onContact={contact}
                onShowReviews={setReviewsOf}
                match={<MatchSummary match={g.match} />}
                favorite={
                  <FavoriteToggle
                    signedIn={Boolean(user)}
                    profileId={g.id}
                    profileType="guide"
                    profileName={g.name}
                  />
                }
              />
            ))}
          </div>
        ) : null}
        <div ref={sentinel} className="flex h-16 items-center justify-center">
          {isFetchingNextPage ? <Spinner label="Loading more guides" /> : null}
        </div>
      </main>
      {reviewsOf ? (
        <Suspense fallback={null}>
          <ProfileReviewsDialog
            type="guide"
            id={reviewsOf.id}
            name={reviewsOf.name}
            open
            onOpenChange={(o) => !o && setReviewsOf(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** '12 guides' or, while more pages remain, '12 guides shown, more as you scroll'. */
function resultCount(shown: number, more: boolean): string {
  const n = `${shown} ${shown === 1 ? 'guide' : 'guides'}`;
  return more ? `${n} shown, more as you scroll` : n;
}
