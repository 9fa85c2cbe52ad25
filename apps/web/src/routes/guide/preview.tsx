import { paths } from '@lokal/shared/domain/pages';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Eye } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '../../components/layout/brand.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { guidePageQuery } from '../../features/guide-pages/api/get-guide-page.ts';
import { GuidePageView } from '../../features/guide-pages/components/guide-page-view.tsx';
import { PageError, PageLoading } from '../../features/guide-pages/components/page-states.tsx';
import { guidePreviewQuery } from '../../features/onboarding/api/get-guide-preview.ts';
import { ProfileReviews } from '../../features/reviews/components/profile-reviews.tsx';

// The guide's own page exactly as travellers see it (docs/product.md#guide-page), under a bar that says so,
// with the way to the assessment while it is not done.
export function Component() {
  const own = useQuery(guidePreviewQuery);
  const slug = own.data?.profile.slug;
  const page = useQuery({ ...guidePageQuery(slug ?? ''), enabled: Boolean(slug) });
  const done = own.data?.personalityTestCompleted ?? false;
  const failed = own.error ?? page.error;

  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-5 py-5">
        <Brand />
        {done ? (
          <Link to={paths.guide.home} className={buttonClass('outline', 'sm')}>
            Dashboard
          </Link>
        ) : null}
      </header>
      <div className="mx-auto max-w-5xl px-5">
        <p
          className="mb-6 flex items-center gap-2 rounded-xl bg-ink px-4 py-3 text-sm text-ivory"
          data-testid="preview-bar"
        >
          <Eye className="h-4 w-4 shrink-0" aria-hidden />
          <span>
            <span className="font-semibold">This is how travellers see you.</span>{' '}
            <span className="text-ivory/85">
              {own.data?.profile.hideProfile
                ? 'Your profile is hidden: travellers cannot open it.'
                : 'Your page is at '}
              {slug && !own.data?.profile.hideProfile ? (
                <Link to={`/guides/${slug}`} className="underline underline-offset-2">
                  /guides/{slug}
                </Link>
              ) : null}
            </span>
          </span>
        </p>
        <h1 className="sr-only">How travellers see you</h1>
        {own.data && !done ? (
          <section className="mb-6 rounded-card bg-sand p-6 sm:p-8" aria-label="Next step">
            <h2 className="text-2xl">One step left: your personality assessment</h2>
            <p className="mt-2 text-muted">
              Five short questions so we can match you with the right travellers. Your profile goes live when
              you finish.
            </p>
            <Link to={paths.guide.personalityTest} className={buttonClass('primary', 'md', 'mt-5')}>
              Start the assessment <ArrowRight className="h-4 w-4" aria-hidden />
            </Link>
          </section>
        ) : null}
      </div>
      {own.isPending || (slug && page.isPending) ? <PageLoading /> : null}
      {failed ? (
        <PageError
          error={failed}
          onRetry={() => {
            void own.refetch();
            if (slug) void page.refetch();
          }}
        />
      ) : null}
      {page.data?.details ? (
        <GuidePageView
          preview={page.data.preview}
          details={page.data.details}
          reviews={
            <ProfileReviews type="guide" id={page.data.preview.id} level={2} heading="What travellers say" />
          }
        />
      ) : null}
    </div>
  );
}
