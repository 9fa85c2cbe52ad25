import { formatMoney } from '@lokal/shared/domain/discovery';
import { experiencePagePath } from '@lokal/shared/domain/pages';
import { fromPriceInWords } from '@lokal/shared/domain/public-preview';
import type { ExperienceCard } from '@lokal/shared/schemas/experiences';
import type { GuideDetails, GuidePreview } from '@lokal/shared/schemas/guide-pages';
import { BadgeCheck, Clock, EyeOff, Globe2, MapPin, MessageCircle, Star, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  preview: GuidePreview;
  details: GuideDetails;
  /** Message and Save (the screen brings them for a tourist). */
  actions?: ReactNode;
  /** The traveller's match with this guide; the screen brings it from the match feature. */
  match?: ReactNode;
  /** The guide's reviews (the screen brings them from the reviews feature). */
  reviews: ReactNode;
};

const hours = (minutes: number) => `${Math.round(minutes / 6) / 10} h`;

/**
 * The track record and response figures in words (docs/product.md#track-record): one shared function made
 * them, the same as the guide's card. A guide new on Lokal shows no reply time.
 */
function ResponseLine({
  track,
  response,
}: {
  track: GuidePreview['track'];
  response: GuideDetails['response'];
}) {
  if (track.newOnLokal) {
    return (
      <span className="inline-flex items-center gap-1" data-testid="response-figures">
        <MessageCircle className="h-4 w-4" aria-hidden /> New on Lokal
      </span>
    );
  }
  if (!track.replyTime || !response.measured) return null;
  return (
    <span className="inline-flex items-center gap-1" data-testid="response-figures">
      <Clock className="h-4 w-4" aria-hidden /> Response rate {response.rate}% · {track.replyTime}
    </span>
  );
}

function ExperienceTile({ e }: { e: ExperienceCard }) {
  const price = e.displayPrice
    ? `${fromPriceInWords({ amount: e.displayPrice.amount, currency: e.displayPrice.currency, priceMode: e.priceMode })} (${formatMoney(e.price, e.currency)})`
    : fromPriceInWords({ amount: e.price, currency: e.currency, priceMode: e.priceMode });
  return (
    <li className="overflow-hidden rounded-card bg-white shadow-card transition-shadow hover:shadow-lift">
      <Link to={experiencePagePath(e.id)} className="flex h-full flex-col">
        {e.photo ? (
          <div className="aspect-[4/3] bg-sand">
            <img
              src={e.photo}
              alt=""
              width={400}
              height={300}
              loading="lazy"
              className="h-full w-full object-cover"
            />
          </div>
        ) : (
          <div className="h-2 bg-gold/60" />
        )}
        <div className="flex flex-1 flex-col p-4">
          <p className="text-xs font-semibold tracking-wide text-gold-deep uppercase">{e.category}</p>
          <h3 className="mt-1 font-display text-xl leading-tight">{e.title}</h3>
          {e.summary ? <p className="mt-1 line-clamp-2 text-sm text-ink/80">{e.summary}</p> : null}
          <p className="mt-auto flex flex-wrap gap-x-3 gap-y-1 pt-3 text-sm text-muted">
            <span>{hours(e.durationMinutes)}</span>
            <span>
              {e.minGroup}–{e.maxGroup} people
            </span>
            {e.rating.count > 0 ? (
              <span>
                <span aria-hidden>★</span> {e.rating.average.toFixed(1)} ({e.rating.count})
              </span>
            ) : null}
          </p>
          <p className="mt-1 text-sm font-semibold">{price}</p>
        </div>
      </Link>
    </li>
  );
}

/** A guide's page for members (docs/product.md#guide-page). */
export function GuidePageView({ preview: g, details: d, actions, match, reviews }: Props) {
  const [main, ...more] = d.photos;
  return (
    <main className="mx-auto max-w-5xl px-5 pb-16" data-testid="guide-page">
      {d.hidden ? (
        <p className="mb-4 flex items-center gap-2 rounded-xl bg-sand px-4 py-3 text-sm" role="note">
          <EyeOff className="h-4 w-4 shrink-0" aria-hidden /> Travellers cannot see this page: the profile is
          hidden or not yet live.
        </p>
      ) : null}
      <article className="overflow-hidden rounded-card bg-white shadow-card">
        <div className="flex flex-col gap-6 p-6 sm:flex-row sm:p-8">
          <img
            src={main ?? g.image}
            alt={g.name}
            width={160}
            height={160}
            fetchPriority="high"
            className="h-40 w-40 shrink-0 rounded-2xl bg-sand object-cover"
          />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold tracking-[0.2em] text-gold-deep uppercase">Local guide</p>
            <h1 className="mt-1 flex flex-wrap items-center gap-2 text-3xl sm:text-4xl">
              {g.name}
              {g.verified ? <BadgeCheck className="h-6 w-6 text-sage" aria-label="Verified guide" /> : null}
            </h1>
            {d.profession ? <p className="mt-1 font-medium text-gold-deep">{d.profession}</p> : null}
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
              <span className="inline-flex items-center gap-1">
                <MapPin className="h-4 w-4" aria-hidden /> {g.track.location}
              </span>
              {g.track.reviews ? (
                <span className="inline-flex items-center gap-1">
                  <Star className="h-4 w-4" aria-hidden /> {`${g.rating.toFixed(1)} (${g.track.reviews})`}
                </span>
              ) : null}
              {g.track.tours ? <span data-testid="tours-completed">{g.track.tours}</span> : null}
              <ResponseLine track={g.track} response={d.response} />
              {d.languages.length ? (
                <span className="inline-flex items-center gap-1">
                  <Globe2 className="h-4 w-4" aria-hidden /> {d.languages.join(', ')}
                </span>
              ) : null}
            </p>
            {g.fromPrice ? (
              <p className="mt-2 text-sm font-semibold">{fromPriceInWords(g.fromPrice)}</p>
            ) : null}
            {match ? <div className="mt-4 max-w-md">{match}</div> : null}
            {actions ? <div className="mt-4 flex flex-wrap items-center gap-2">{actions}</div> : null}
          </div>
        </div>
        {more.length ? (
          <ul
            className="flex gap-2 overflow-x-auto px-6 pb-6 sm:px-8"
            aria-label="Photos"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a phone; keys scroll it once focused
            tabIndex={0}
          >
            {more.map((src) => (
              <li key={src} className="shrink-0">
                <img
                  src={src}
                  alt=""
                  width={160}
                  height={120}
                  loading="lazy"
                  className="h-24 w-32 rounded-xl bg-sand object-cover"
                />
              </li>
            ))}
          </ul>
        ) : null}
        {d.bio || d.specialties.length ? (
          <section className="border-t border-line p-6 sm:p-8" aria-labelledby="about">
            <h2 id="about" className="text-xl">
              About {g.name.split(' ')[0]}
            </h2>
            {d.bio ? <p className="mt-2 whitespace-pre-line text-ink/85">{d.bio}</p> : null}
            {d.specialties.length ? (
              <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Specialties">
                {d.specialties.map((s) => (
                  <li key={s} className="rounded-full bg-sand px-2.5 py-1 text-xs">
                    {s}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}
      </article>

      <section className="mt-10" aria-labelledby="experiences">
        <h2 id="experiences" className="flex items-center gap-2 text-2xl">
          <Users className="h-5 w-5 text-gold-deep" aria-hidden /> Experiences
        </h2>
        {d.experiences.length ? (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {d.experiences.map((e) => (
              <ExperienceTile key={e.id} e={e} />
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-muted">{g.name.split(' ')[0]} has no experiences open for booking yet.</p>
        )}
      </section>

      <div className="mt-10 rounded-card bg-white p-6 shadow-card sm:p-8">{reviews}</div>
    </main>
  );
}
