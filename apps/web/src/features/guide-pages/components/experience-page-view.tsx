import { policyLabel } from '@lokal/shared/domain/cancellation';
import { guidePagePath } from '@lokal/shared/domain/pages';
import { allInFromInWords } from '@lokal/shared/domain/public-preview';
import { countOf, standingText } from '@lokal/shared/domain/track-record';
import type { Experience } from '@lokal/shared/schemas/experiences';
import type { ExperiencePreview } from '@lokal/shared/schemas/guide-pages';
import { BadgeCheck, Check, Clock, EyeOff, Globe2, MapPin, Star, Users, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  experience: Experience;
  /** The guide with their track record (docs/product.md#track-record), as the page's preview carries it. */
  guide: ExperiencePreview['guide'];
  hidden: boolean;
  /** The availability calendar, party and price, or why this viewer cannot book (the screen decides). */
  booking: ReactNode;
  reviews: ReactNode;
  /** The traveller's match with the guide; the screen brings it from the match feature. */
  match?: ReactNode;
};

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted uppercase">
        <span className="text-gold-deep">{icon}</span>
        {label}
      </dt>
      <dd className="mt-0.5 pl-7">{children}</dd>
    </div>
  );
}

/** An experience's page for members (docs/product.md#experience-page). */
export function ExperiencePageView({ experience: e, guide, hidden, booking, reviews, match }: Props) {
  const [main, ...more] = e.photos;
  const hours = Math.round(e.durationMinutes / 6) / 10;
  return (
    <main className="mx-auto max-w-5xl px-5 pb-16" data-testid="experience-page">
      {hidden ? (
        <p className="mb-4 flex items-center gap-2 rounded-xl bg-sand px-4 py-3 text-sm" role="note">
          <EyeOff className="h-4 w-4 shrink-0" aria-hidden /> Travellers cannot see this experience: it is not
          published, or its guide is hidden.
        </p>
      ) : null}
      {main ? (
        <div className="grid gap-2 overflow-hidden rounded-card sm:grid-cols-4 sm:grid-rows-2">
          <img
            src={main.url}
            alt={e.title}
            width={1200}
            height={900}
            fetchPriority="high"
            className="aspect-[16/9] h-full w-full bg-sand object-cover sm:col-span-3 sm:row-span-2"
          />
          {more.slice(0, 2).map((p) => (
            <img
              key={p.id}
              src={p.url}
              alt=""
              width={400}
              height={300}
              loading="lazy"
              className="hidden h-full w-full bg-sand object-cover sm:block"
            />
          ))}
        </div>
      ) : null}

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-[0.2em] text-gold-deep uppercase">
            {e.category} · {e.city}
          </p>
          <h1 className="mt-1 text-3xl sm:text-4xl">{e.title}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <span>
              <span aria-hidden className="text-gold-deep">
                ★
              </span>{' '}
              {e.rating.count > 0
                ? `${e.rating.average.toFixed(1)} (${countOf(e.rating.count, 'review')})`
                : 'New'}
            </span>
            <span className="font-semibold">
              {allInFromInWords({ amount: e.price, currency: e.currency, priceMode: e.priceMode }, e.pricing)}
            </span>
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2" data-testid="experience-guide">
            <Link
              to={guidePagePath(guide.slug)}
              className="inline-flex items-center gap-3 rounded-full pr-3 hover:bg-sand/60"
            >
              <img
                src={guide.image}
                alt=""
                width={40}
                height={40}
                className="h-10 w-10 rounded-full bg-sand object-cover"
              />
              <span className="text-sm">
                With <strong>{guide.name}</strong>
              </span>
              {guide.verified ? (
                <BadgeCheck className="h-4 w-4 text-sage" aria-label="Verified guide" />
              ) : null}
            </Link>
            {/* The guide's figures from the one track record, as on their card (docs/product.md#track-record). */}
            <p
              className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted"
              data-testid="guide-track"
            >
              <span className="inline-flex items-center gap-1">
                <Star className="h-4 w-4 fill-gold text-gold" aria-hidden />{' '}
                {standingText(guide.track, guide.rating)}
              </span>
              {guide.track.tours ? <span>{guide.track.tours}</span> : null}
              {guide.track.replyTime ? (
                <span className="inline-flex items-center gap-1">
                  <Clock className="h-4 w-4" aria-hidden /> {guide.track.replyTime}
                </span>
              ) : null}
            </p>
          </div>
          {match ? <div className="mt-4 max-w-md">{match}</div> : null}

          {e.summary ? <p className="mt-6 text-lg text-ink/85">{e.summary}</p> : null}
          {e.description ? <p className="mt-4 whitespace-pre-line text-ink/85">{e.description}</p> : null}

          <dl className="mt-8 grid gap-5 rounded-card bg-white p-6 shadow-card sm:grid-cols-2">
            <Fact icon={<Clock className="h-5 w-5" aria-hidden />} label="Duration">
              {hours} hours
            </Fact>
            <Fact icon={<Users className="h-5 w-5" aria-hidden />} label="Group size">
              {e.minGroup === e.maxGroup ? `${e.minGroup} people` : `${e.minGroup} to ${e.maxGroup} people`}
              {e.priceMode === 'group' ? ', one price for the group' : ''}
            </Fact>
            <Fact icon={<Globe2 className="h-5 w-5" aria-hidden />} label="Languages">
              {e.languages.join(', ')}
            </Fact>
            <Fact icon={<MapPin className="h-5 w-5" aria-hidden />} label="Meeting point">
              {e.meetingPoint.address || 'Agreed with your guide in the chat'}
            </Fact>
          </dl>

          {e.included.length || e.notIncluded.length ? (
            <div className="mt-8 grid gap-6 sm:grid-cols-2">
              {e.included.length ? (
                <section aria-labelledby="included">
                  <h2 id="included" className="text-xl">
                    Included
                  </h2>
                  <ul className="mt-2 space-y-1.5 text-sm">
                    {e.included.map((line) => (
                      <li key={line} className="flex gap-2">
                        <Check className="mt-0.5 h-4 w-4 shrink-0 text-sage" aria-hidden /> {line}
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              {e.notIncluded.length ? (
                <section aria-labelledby="not-included">
                  <h2 id="not-included" className="text-xl">
                    Not included
                  </h2>
                  <ul className="mt-2 space-y-1.5 text-sm">
                    {e.notIncluded.map((line) => (
                      <li key={line} className="flex gap-2">
                        <X className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden /> {line}
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
            </div>
          ) : null}

          <section className="mt-8" aria-labelledby="cancellation">
            <h2 id="cancellation" className="text-xl">
              Cancellation
            </h2>
            <p className="mt-2 text-sm" data-testid="experience-policy">
              <span className="font-semibold">{policyLabel(e.cancellationPolicy)}.</span> {e.policyInWords}
            </p>
          </section>

          <div className="mt-8 rounded-card bg-white p-6 shadow-card sm:p-8">{reviews}</div>
        </div>

        <aside aria-labelledby="book" className="lg:sticky lg:top-5 lg:self-start">
          <div className="rounded-card bg-white p-5 shadow-card max-sm:bg-transparent max-sm:p-0 max-sm:shadow-none">
            <h2 id="book" className="text-2xl">
              {e.bookingMode === 'instant' ? 'Book' : 'Request to book'}
            </h2>
            <div className="mt-4">{booking}</div>
          </div>
        </aside>
      </div>
    </main>
  );
}
