import { allInFromInWords, experiencePreviewHtml } from '@lokal/shared/domain/public-preview';
import type { Experience } from '@lokal/shared/schemas/experiences';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { experiencePageQuery } from '../features/guide-pages/api/get-experience-page.ts';
import { ExperiencePageView } from '../features/guide-pages/components/experience-page-view.tsx';
import {
  homeLink,
  PageError,
  PageHeader,
  PageLoading,
} from '../features/guide-pages/components/page-states.tsx';
import { PublicPreview } from '../features/guide-pages/components/public-preview.tsx';
import { MatchSummary } from '../features/match/components/match-summary.tsx';
import { ProfileReviews } from '../features/reviews/components/profile-reviews.tsx';
import { loadChunk } from '../lib/chunk-load.ts';
import { onDemand } from '../lib/on-demand.ts';

// The calendar and the form (react-day-picker and the booking schemas, about 23 KB gzipped) load when
// the tourist asks for the times, not with the page, so its first load stays within the budget (decision 038).
// Pointing at or focusing the button starts the download, so it is usually in by the click.
const pageBooking = onDemand(() =>
  loadChunk(() => import('../features/bookings/components/page-booking.tsx')),
);
type PageBookingView = Awaited<ReturnType<typeof pageBooking>>['PageBooking'];

/** The form's shape while its code loads, about its height, so the panel does not jump when it arrives. */
function BookingFormSkeleton() {
  return (
    <div className="space-y-5" data-testid="booking-form-loading">
      <span className="sr-only" role="status">
        Loading the calendar…
      </span>
      <Skeleton className="h-[22rem]" />
      <Skeleton className="h-12" />
      <Skeleton className="h-16" />
      <Skeleton className="h-36" />
      <Skeleton className="h-11" />
    </div>
  );
}

/** Booking from the page: tourists only, and only what travellers can see (docs/product.md#bookings). */
function BookingPanel({
  experience: e,
  hidden,
  role,
}: {
  experience: Experience;
  hidden: boolean;
  role?: string;
}) {
  const [state, setState] = useState<'closed' | 'loading' | 'failed' | 'open'>('closed');
  const [View, setView] = useState<PageBookingView | null>(null);
  if (role !== 'tourist' || hidden) {
    return (
      <p className="text-sm text-muted">
        {hidden
          ? 'Travellers can book once it is published and its guide is visible.'
          : 'Travellers book this experience here; you see it as they do.'}
      </p>
    );
  }
  if (state === 'open' && View) return <View experience={e} />;
  if (state === 'loading') return <BookingFormSkeleton />;

  const warm = () => void pageBooking().catch(() => undefined);
  const open = () => {
    setState('loading');
    pageBooking().then(
      (m) => {
        setView(() => m.PageBooking);
        setState('open');
      },
      () => setState('failed'),
    );
  };
  const label = state === 'failed' ? 'Try again' : 'Check availability';
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink/85">
        Pick a day and a time with open places, say how many of you come, and see the price before you send.
      </p>
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-danger">
          The calendar could not be loaded. Check your connection and try again.
        </p>
      ) : null}
      <Button className="w-full" onPointerEnter={warm} onFocus={warm} onClick={open}>
        {label}
      </Button>
      {/* On a phone the panel sits below the reviews: the price and the way in stay at hand while reading. */}
      <div className="h-16 sm:hidden" aria-hidden />
      <div className="fixed inset-x-0 bottom-0 z-20 flex items-center gap-3 border-t border-line bg-ivory px-5 py-3 sm:hidden">
        <p className="min-w-0 flex-1 text-sm font-semibold">
          {allInFromInWords({ amount: e.price, currency: e.currency, priceMode: e.priceMode }, e.pricing)}
        </p>
        <Button
          className="shrink-0"
          onPointerEnter={warm}
          onFocus={warm}
          onClick={() => {
            document.getElementById('book')?.scrollIntoView({ block: 'start' });
            open();
          }}
        >
          {label}
        </Button>
      </div>
    </div>
  );
}

/** An experience's page (docs/product.md#experience-page): the preview signed out, the whole page for members. */
export function Component() {
  const { experienceId = '' } = useParams();
  const { pathname } = useLocation();
  const { user } = useAuth();
  const page = useQuery(experiencePageQuery(experienceId));

  if (page.data && !page.data.experience) {
    return <PublicPreview html={experiencePreviewHtml(page.data.preview, pathname)} />;
  }
  return (
    <div className="min-h-dvh">
      <PageHeader back={homeLink(user?.role)} />
      {page.isPending ? <PageLoading /> : null}
      {page.isError ? <PageError error={page.error} onRetry={() => page.refetch()} /> : null}
      {page.data?.experience ? (
        <ExperiencePageView
          experience={page.data.experience}
          guide={page.data.preview.guide}
          hidden={page.data.hidden}
          booking={
            <BookingPanel experience={page.data.experience} hidden={page.data.hidden} role={user?.role} />
          }
          reviews={<ProfileReviews type="experience" id={page.data.experience.id} level={2} />}
          match={page.data.match ? <MatchSummary match={page.data.match} size="page" /> : null}
        />
      ) : null}
    </div>
  );
}
