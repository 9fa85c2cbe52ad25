import { experiencePreviewHtml } from '@lokal/shared/domain/public-preview';
import type { Booking } from '@lokal/shared/schemas/bookings';
import type { Experience } from '@lokal/shared/schemas/experiences';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { BookingConfirmation } from '../features/bookings/components/booking-confirmation.tsx';
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

// The calendar and the form load only for a tourist who can book: the page's first load stays light.
const BookingForm = lazy(() =>
  import('../features/bookings/components/booking-form.tsx').then((m) => ({ default: m.BookingForm })),
);

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
  const [booked, setBooked] = useState<Booking | null>(null);
  const first = e.guide.name.split(' ')[0] ?? e.guide.name;
  if (booked) return <BookingConfirmation booking={booked} />;
  if (role !== 'tourist' || hidden) {
    return (
      <p className="text-sm text-muted">
        {hidden
          ? 'Travellers can book once it is published and its guide is visible.'
          : 'Travellers book this experience here; you see it as they do.'}
      </p>
    );
  }
  return (
    <Suspense fallback={<Skeleton className="h-96" />}>
      <BookingForm
        card={{ ...e, photo: e.photos[0]?.url ?? null, photoCount: e.photos.length }}
        guideFirstName={first}
        layout="page"
        onBooked={setBooked}
      />
    </Suspense>
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
