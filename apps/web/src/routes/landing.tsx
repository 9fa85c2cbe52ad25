import { MARKETING, WHY_CHOOSE } from '@lokal/shared/constants/marketing';
import { MESSAGES } from '@lokal/shared/constants/messages';
import { TOUR_TYPES } from '@lokal/shared/constants/tour-types';
import { guidePagePath, paths } from '@lokal/shared/domain/pages';
import { tourSignupPath } from '@lokal/shared/domain/tour-interest';
import { tourTypeSlug } from '@lokal/shared/domain/tour-type-slug';
import type { ProfileCard as Card } from '@lokal/shared/schemas/showcase';
import { Crown, Globe2, HeartHandshake, type LucideIcon, ShieldCheck } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Brand } from '../components/layout/brand.tsx';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { Button, buttonClass } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { FavoriteToggle } from '../features/favorites/components/favorite-toggle.tsx';
import { useShowcase } from '../features/showcase/api/get-showcase.ts';
import { ProfileCard } from '../features/showcase/components/profile-card.tsx';
import { toast } from '../lib/toast.ts';

const BENEFIT_ICONS: LucideIcon[] = [ShieldCheck, Crown, HeartHandshake, Globe2];

function SectionHeading({ id, title, lead }: { id: string; title: string; lead: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl sm:text-4xl">
        {title}
      </h2>
      <p className="mt-3 text-muted">{lead}</p>
    </div>
  );
}

function CardGrid({
  cards,
  loading,
  error,
  onRetry,
  onOpen,
}: {
  cards: Card[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  onOpen: (card: Card) => void;
}) {
  const { user } = useAuth();
  const navigate = useNavigate();
  if (error) {
    return (
      <div className="mt-10 rounded-card border border-line bg-white p-8 text-center">
        <p className="text-muted">These profiles could not be loaded.</p>
        <Button variant="outline" className="mt-4" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {loading || !cards
        ? [0, 1, 2].map((i) => <Skeleton key={i} className="h-[26rem] rounded-card" />)
        : cards.map((card) => (
            <ProfileCard
              key={card.id}
              card={card}
              onOpen={() => onOpen(card)}
              favorite={
                <FavoriteToggle
                  signedIn={Boolean(user)}
                  profileId={card.id}
                  profileType={card.type === 'guide' ? 'guide' : 'traveler'}
                  profileName={card.name}
                  // A visitor keeps favorites by joining: sign-up, and the heart is saved after sign-in.
                  onSignedOut={() => navigate(paths.tourist.signup, { state: { favorite: card.name } })}
                />
              }
            />
          ))}
    </div>
  );
}

export function Component() {
  const navigate = useNavigate();
  const showcase = useShowcase();
  const { user } = useAuth();

  return (
    <>
      <header className="relative overflow-hidden bg-ink text-ivory">
        <div aria-hidden className="hero-pattern absolute inset-0 opacity-60" />
        <div className="relative mx-auto max-w-6xl px-5 sm:px-8">
          <nav aria-label="Main" className="flex items-center justify-between py-5">
            <Brand light />
            <div className="flex items-center gap-1 sm:gap-2">
              <Link
                to={paths.tourist.login}
                className="rounded-full px-3 py-2 text-sm text-ivory/85 hover:text-ivory"
              >
                Sign in
              </Link>
              <Link to={paths.guide.signup} className={buttonClass('light', 'sm', 'hidden sm:inline-flex')}>
                For guides
              </Link>
            </div>
          </nav>
          <div className="grid items-center gap-10 pt-10 pb-20 sm:pt-16 sm:pb-28 lg:grid-cols-[1.3fr_1fr] lg:gap-16 lg:pt-20 lg:pb-32">
            <div>
              <p className="text-xs font-semibold tracking-[0.25em] text-gold uppercase">
                Private beta · By invitation
              </p>
              <h1 className="mt-5 text-display-sm sm:text-display xl:text-display-lg">
                The city, as <em className="text-gold not-italic">locals</em> live it.
              </h1>
              <p className="mt-6 max-w-xl text-lg text-ivory/85">
                Meet artists, historians and night-life insiders who open the doors guidebooks never find.
                Curated, personal, unforgettable.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <Link to={paths.tourist.signup} className={buttonClass('gold', 'lg')}>
                  Start Exploring
                </Link>
                <Link to={paths.guide.signup} className={buttonClass('light', 'lg')}>
                  Become a Guide
                </Link>
              </div>
            </div>
            <dl className="grid grid-cols-3 gap-3 rounded-card border border-ivory/15 bg-ivory/5 p-5 text-center sm:p-7 lg:grid-cols-1 lg:text-left">
              {[
                [MARKETING.verifiedGuides, 'verified guides'],
                [MARKETING.cities, 'cities'],
                [MARKETING.experiences, 'experiences'],
              ].map(([figure, label]) => (
                <div
                  key={label}
                  className="lg:border-b lg:border-ivory/10 lg:pb-4 lg:last:border-0 lg:last:pb-0"
                >
                  <dt className="sr-only">{label}</dt>
                  <dd>
                    <span className="block font-display text-2xl text-gold sm:text-4xl">{figure}</span>
                    <span className="text-xs text-ivory/80 sm:text-sm">{label}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </header>

      <main>
        <section aria-labelledby="experiences" className="mx-auto max-w-6xl px-5 py-20 sm:px-8">
          <SectionHeading
            id="experiences"
            title="Curated Experiences"
            lead="Ten ways in, each led by someone who lives it every week."
          />
          <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
            {TOUR_TYPES.map((t) => {
              return (
                <li key={t.name}>
                  <Link
                    to={tourSignupPath(t)}
                    className="group flex h-full w-full flex-col items-start rounded-card border border-line bg-white p-4 text-left sm:p-5 transition hover:-translate-y-0.5 hover:border-gold hover:shadow-card"
                  >
                    {/* A picture of the tour type, drawn by `npm run seed:photos` (docs/product.md#demo-data). */}
                    <img
                      src={`/tour-types/${tourTypeSlug(t.name)}.webp`}
                      alt=""
                      width={480}
                      height={360}
                      loading="lazy"
                      decoding="async"
                      className="aspect-[4/3] w-full rounded-xl bg-sand object-cover"
                    />
                    <span className="mt-4 font-display text-lg">{t.name}</span>
                    <span className="mt-1 text-xs text-muted sm:text-sm">{t.description}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="guides" className="bg-sand/60 py-20">
          <div className="mx-auto max-w-6xl px-5 sm:px-8">
            <SectionHeading
              id="guides"
              title="Meet Your Local Guides"
              lead="Every guide is reviewed by our team and matched on personality, not on a script."
            />
            <CardGrid
              cards={showcase.data?.guides}
              loading={showcase.isPending}
              error={showcase.isError}
              onRetry={() => showcase.refetch()}
              onOpen={(card) => {
                // A member opens the guide's page; a visitor is asked to sign up first.
                if (user && card.slug) return navigate(guidePagePath(card.slug));
                toast.info(MESSAGES.guideCardToast(card.name));
                navigate(paths.tourist.signup);
              }}
            />
          </div>
        </section>

        <section aria-labelledby="travelers" className="mx-auto max-w-6xl px-5 py-20 sm:px-8">
          <SectionHeading
            id="travelers"
            title="Fellow Travelers"
            lead={`Join ${MARKETING.luxuryTravelers} luxury travelers looking for the real city.`}
          />
          <CardGrid
            cards={showcase.data?.travelers}
            loading={showcase.isPending}
            error={showcase.isError}
            onRetry={() => showcase.refetch()}
            onOpen={(card) => {
              toast.info(MESSAGES.travelerCardToast(card.name));
              navigate(paths.guide.signup);
            }}
          />
        </section>

        <section aria-labelledby="why" className="bg-ink py-20 text-ivory">
          <div className="mx-auto max-w-6xl px-5 sm:px-8">
            <h2 id="why" className="text-center text-3xl sm:text-4xl">
              Why Choose Lokal
            </h2>
            <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
              {WHY_CHOOSE.map((b, i) => {
                const Icon = BENEFIT_ICONS[i] ?? ShieldCheck;
                return (
                  <li key={b.title}>
                    <Icon className="h-8 w-8 text-gold" aria-hidden />
                    <h3 className="mt-4 text-xl">{b.title}</h3>
                    <p className="mt-2 text-sm text-ivory/80">{b.description}</p>
                  </li>
                );
              })}
            </ul>
          </div>
        </section>

        <section aria-labelledby="cta" className="mx-auto max-w-4xl px-5 py-20 text-center sm:px-8">
          <h2 id="cta" className="text-3xl sm:text-4xl">
            Your city is waiting
          </h2>
          <p className="mt-3 text-muted">
            Book a local for tonight, or earn{' '}
            <span className="whitespace-nowrap">{MARKETING.guideHourlyEarnings}</span> per hour sharing the
            city you love.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={paths.tourist.signup} className={buttonClass('primary', 'lg')}>
              Book Your Experience
            </Link>
            <Link to={paths.guide.signup} className={buttonClass('outline', 'lg')}>
              Apply to be a Guide
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
