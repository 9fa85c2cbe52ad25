import { paths } from '@lokal/shared/domain/pages';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, BadgeCheck, Clock, EyeOff, Globe2, MapPin, Star } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '../../components/layout/brand.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { guidePreviewQuery } from '../../features/onboarding/api/get-guide-preview.ts';
import { ProfileReviews } from '../../features/reviews/components/profile-reviews.tsx';

// The guide's own profile exactly as tourists will see it, with the way to the assessment.
export function Component() {
  const preview = useQuery(guidePreviewQuery);
  const p = preview.data?.profile;
  const done = preview.data?.personalityTestCompleted ?? false;

  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-3xl items-center justify-between px-5 py-5">
        <Brand />
        {done ? (
          <Link to={paths.guide.home} className={buttonClass('outline', 'sm')}>
            Dashboard
          </Link>
        ) : null}
      </header>
      <main className="mx-auto max-w-3xl px-5 pb-16">
        <p className="text-xs font-semibold tracking-[0.2em] text-gold-deep uppercase">Tourist preview</p>
        <h1 className="mt-2 text-3xl sm:text-4xl">How travellers see you</h1>

        {preview.isPending ? <Skeleton className="mt-8 h-96 rounded-card" /> : null}
        {preview.isError ? (
          <div className="mt-8 rounded-card border border-line bg-white p-8 text-center">
            <p className="text-muted">{preview.error.message}</p>
            <Button variant="outline" className="mt-4" onClick={() => preview.refetch()}>
              Retry
            </Button>
          </div>
        ) : null}

        {p ? (
          <>
            <section
              className={`mt-8 rounded-card p-6 sm:p-8 ${done ? 'border border-gold/40 bg-gold/10' : 'bg-ink text-ivory'}`}
              aria-label="Next step"
            >
              {done ? (
                <p>
                  Your assessment is complete
                  {p.hideProfile
                    ? ', and your profile is hidden from travellers'
                    : ' and your profile is live'}
                  . {p.verified ? 'You are verified.' : 'Our team is reviewing your profile.'}
                </p>
              ) : (
                <>
                  <h2 className="text-2xl">One step left: your personality assessment</h2>
                  <p className="mt-2 text-ivory/85">
                    Five short questions so we can match you with the right travellers. Your profile goes live
                    when you finish.
                  </p>
                  <Link to={paths.guide.personalityTest} className={buttonClass('gold', 'md', 'mt-5')}>
                    Start the assessment <ArrowRight className="h-4 w-4" aria-hidden />
                  </Link>
                </>
              )}
            </section>

            <article className="mt-8 overflow-hidden rounded-card bg-white shadow-card">
              <div className="flex flex-col gap-6 p-6 sm:flex-row sm:p-8">
                <img
                  src={p.image}
                  alt={p.name}
                  width={160}
                  height={160}
                  className="h-40 w-40 rounded-2xl bg-sand object-cover"
                />
                <div className="min-w-0 flex-1">
                  <h2 className="flex flex-wrap items-center gap-2 text-3xl">
                    {p.name}
                    {p.verified ? (
                      <BadgeCheck className="h-6 w-6 text-sage" aria-label="Verified guide" />
                    ) : null}
                  </h2>
                  <p className="mt-1 font-medium text-gold-deep">
                    {p.profession || 'Your profession appears here'}
                  </p>
                  <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
                    <span className="inline-flex items-center gap-1">
                      <MapPin className="h-4 w-4" aria-hidden />{' '}
                      {p.city ? `${p.city}, ${p.country}` : 'City not set yet'}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <Star className="h-4 w-4" aria-hidden /> {p.rating ? p.rating.toFixed(1) : 'New'} ·{' '}
                      {p.reviews} reviews
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <Clock className="h-4 w-4" aria-hidden /> Replies {p.responseTime}
                    </span>
                  </p>
                  {p.hideProfile ? (
                    <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-sand px-3 py-1 text-sm">
                      <EyeOff className="h-4 w-4" aria-hidden /> Hidden from travellers
                    </p>
                  ) : null}
                </div>
              </div>
              <div className="grid gap-6 border-t border-line p-6 sm:grid-cols-2 sm:p-8">
                <div>
                  <h3 className="text-lg">Languages</h3>
                  <p className="mt-2 flex items-center gap-2 text-sm text-muted">
                    <Globe2 className="h-4 w-4" aria-hidden />{' '}
                    {p.languages.length ? p.languages.join(', ') : 'From your assessment'}
                  </p>
                  <h3 className="mt-6 text-lg">Specialties</h3>
                  <ul className="mt-2 flex flex-wrap gap-1.5">
                    {p.specialties.length ? (
                      p.specialties.map((s) => (
                        <li key={s} className="rounded-full bg-sand px-2.5 py-1 text-xs">
                          {s}
                        </li>
                      ))
                    ) : (
                      <li className="text-sm text-muted">From your assessment</li>
                    )}
                  </ul>
                </div>
                <div>
                  <h3 className="text-lg">Experiences</h3>
                  {p.tourTypes.length ? (
                    <ul className="mt-2 divide-y divide-line">
                      {p.tourTypes.map((t) => (
                        <li key={t.name} className="flex justify-between py-2 text-sm">
                          <span>
                            {t.name} <span className="text-muted">· {t.duration}</span>
                          </span>
                          <span className="font-semibold">${t.price}</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-2 text-sm text-muted">Chosen in your assessment.</p>
                  )}
                </div>
              </div>
            </article>

            <div className="mt-8 rounded-card bg-white p-6 shadow-card sm:p-8">
              <ProfileReviews type="guide" id={p.id} heading="What travellers say" />
            </div>
          </>
        ) : null}
      </main>
    </div>
  );
}
