import { DISCOVERY_MESSAGES } from '@lokal/shared/constants/discovery';
import {
  convertBudget,
  formatMoney,
  isMostDesired,
  lastOnlineLabel,
  selectivityLabel,
  wrapIndex,
} from '@lokal/shared/domain/discovery';
import { paths } from '@lokal/shared/domain/pages';
import type { PremiumTourist, TopTourist } from '@lokal/shared/schemas/discovery';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BadgeCheck, ChevronLeft, ChevronRight, Flame, MessageCircle, Star } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { useStartConversation } from '../../features/chat/hooks/use-start-conversation.ts';
import { topTouristsQuery } from '../../features/discovery/api/get-top-tourists.ts';
import { userProfileQuery } from '../../features/discovery/api/get-user-profile.ts';
import {
  PersonalityRequiredDialog,
  VerificationPendingDialog,
} from '../../features/discovery/components/guide-gates.tsx';
import { MatchSummary } from '../../features/match/components/match-summary.tsx';
import { ProfileReviews } from '../../features/reviews/components/profile-reviews.tsx';
import { profileQuery } from '../../lib/api/get-profile.ts';

function Gallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const go = (delta: number) => setIndex((i) => wrapIndex(i + delta, images.length));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    }
  };
  return (
    // Arrow keys work while focus is on either gallery button (the dialog focuses the first one).
    <section
      className="relative mt-5 overflow-hidden rounded-2xl bg-sand"
      onKeyDown={onKey}
      aria-roledescription="carousel"
      aria-label={`Photos of ${name}`}
    >
      <img
        src={images[index]}
        alt={`${name} (${index + 1} of ${images.length})`}
        width={480}
        height={360}
        className="aspect-[4/3] w-full object-cover"
      />
      <p
        className="absolute right-3 bottom-3 rounded-full bg-ink/70 px-3 py-1 text-xs text-ivory"
        aria-live="polite"
      >
        {index + 1} / {images.length}
      </p>
      <Button
        size="icon"
        variant="outline"
        className="absolute top-1/2 left-3 -translate-y-1/2"
        aria-label="Previous photo"
        onClick={() => go(-1)}
      >
        <ChevronLeft className="h-5 w-5" aria-hidden />
      </Button>
      <Button
        size="icon"
        variant="outline"
        className="absolute top-1/2 right-3 -translate-y-1/2"
        aria-label="Next photo"
        onClick={() => go(1)}
      >
        <ChevronRight className="h-5 w-5" aria-hidden />
      </Button>
    </section>
  );
}

export function Component() {
  const conversation = useStartConversation('guide');
  const location = useLocation();
  const { user } = useAuth();
  const top = useQuery(topTouristsQuery);
  const profile = useQuery(userProfileQuery);
  const initial = (location.state as { open?: string } | null)?.open ?? null;
  const [openId, setOpenId] = useState<string | null>(initial);
  const [testOpen, setTestOpen] = useState(false);
  const [ruleOpen, setRuleOpen] = useState(false);
  const testDone = user?.personalityTestCompleted ?? false;
  // Only a tourist this guide may contact comes with a profile to open (docs/product.md#top-3-ranking).
  const inTop =
    top.data?.tourists.find(
      (t): t is Extract<TopTourist, { canContact: true }> => t.id === openId && t.canContact,
    ) ?? null;
  // Any other traveller of the guide's list (docs/product.md#tourist-profiles): their profile, as the server
  // allows it to this guide.
  const fetched = useQuery({
    ...profileQuery('tourist', openId ?? ''),
    enabled: Boolean(openId) && top.isSuccess && !inTop,
  });
  const selected: PremiumTourist | null =
    inTop ?? (fetched.data?.type === 'tourist' ? fetched.data.profile : null);
  const multiplier = profile.data?.currencyMultiplier ?? 1;
  const currency = multiplier !== 1 ? (profile.data?.currency ?? 'USD') : 'USD';

  function contact(t: TopTourist) {
    if (!testDone) return setTestOpen(true);
    if (!t.canContact) return setRuleOpen(true);
    conversation.start({ touristId: t.id }, (code) =>
      code === 'personality-test-required' ? setTestOpen(true) : setRuleOpen(true),
    );
  }
  const budget = (t: TopTourist) => {
    const b = convertBudget(t.budget, multiplier);
    return `${formatMoney(b.min, currency)}–${formatMoney(b.max, currency)}`;
  };

  return (
    <div className="pb-24 lg:pb-12">
      <header className="mx-auto flex max-w-5xl items-center gap-3 px-5 py-5">
        <Link to={paths.guide.home} className={buttonClass('ghost', 'sm')}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back
        </Link>
      </header>
      <main className="mx-auto max-w-5xl px-5">
        <h1 className="text-3xl sm:text-4xl">Top 3 premium tourists</h1>
        <p className="mt-1 text-muted">
          The most sought-after travellers in {top.data?.city ?? 'your city'} right now.
        </p>
        {!testDone ? (
          <Link
            to={paths.guide.personalityTest}
            state={{ from: paths.guide.topTourists }}
            className="mt-5 block rounded-card bg-gold/15 p-4 text-sm hover:bg-gold/25"
          >
            Complete your personality test to contact these travellers →
          </Link>
        ) : null}
        {top.isPending ? (
          <div className="mt-6 grid gap-5 md:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-80 rounded-card" />
            ))}
          </div>
        ) : null}
        {top.isError ? <p className="mt-6 text-danger">{top.error.message}</p> : null}
        {top.data && top.data.tourists.length === 0 ? (
          <p className="mt-6 text-muted">{DISCOVERY_MESSAGES.noTourists}</p>
        ) : null}
        <ol className="mt-6 grid gap-5 md:grid-cols-3">
          {top.data?.tourists.map((t, i) => (
            <li
              key={t.id}
              className="flex flex-col rounded-card bg-white p-5 shadow-card"
              data-testid="top-tourist"
            >
              <div className="flex items-center justify-between">
                <span className="font-display text-3xl text-gold-deep">#{i + 1}</span>
                {isMostDesired(t.requestsLast30Days) ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-terracotta/10 px-2.5 py-1 text-xs font-semibold text-terracotta">
                    <Flame className="h-3.5 w-3.5" aria-hidden /> {DISCOVERY_MESSAGES.mostDesired}
                  </span>
                ) : null}
              </div>
              <img
                src={t.image}
                alt={t.name}
                width={96}
                height={96}
                className="mt-3 h-24 w-24 rounded-full bg-sand"
              />
              <h2 className="mt-3 flex items-center gap-1.5 text-xl">
                {t.name}
                {t.verified ? <BadgeCheck className="h-5 w-5 text-sage" aria-label="Verified" /> : null}
              </h2>
              <p className="text-sm text-muted">
                {t.country} · {t.status}
              </p>
              <p className="mt-2 text-sm">Budget {budget(t)}</p>
              <p className="mt-1 text-sm text-muted">
                {selectivityLabel(t.acceptanceRate)} · online {lastOnlineLabel(t.lastActive)}
              </p>
              <MatchSummary match={t.match} reader="guide" />
              <div className="mt-auto flex gap-2 pt-4">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    !testDone ? setTestOpen(true) : t.canContact ? setOpenId(t.id) : setRuleOpen(true)
                  }
                >
                  View profile
                </Button>
                <Button size="sm" onClick={() => contact(t)} aria-label={`Contact ${t.name}`}>
                  <MessageCircle className="h-4 w-4" aria-hidden /> Contact
                </Button>
              </div>
            </li>
          ))}
        </ol>
      </main>
      <Dialog
        open={Boolean(openId) && (Boolean(selected) || !top.isPending)}
        onOpenChange={(o) => !o && setOpenId(null)}
        title={selected?.name ?? 'Traveller profile'}
        className="max-w-lg"
      >
        {!selected && fetched.isPending ? <Skeleton className="mt-5 h-64 rounded-2xl" /> : null}
        {!selected && fetched.isError ? (
          <p className="mt-4 text-danger" role="alert">
            {fetched.error.message}
          </p>
        ) : null}
        {selected ? (
          <>
            <Gallery images={selected.profileImages} name={selected.name} />
            <p className="mt-4 text-sm text-muted">
              {selected.age ? `${selected.age} · ` : ''}
              {selected.country} · {selected.status} · member {selected.membershipDuration}
            </p>
            <p className="mt-2">{selected.bio}</p>
            <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-muted">Personality</dt>
                <dd>{selected.personalityType}</dd>
              </div>
              <div>
                <dt className="text-muted">Rating</dt>
                <dd className="inline-flex items-center gap-1">
                  <Star className="h-4 w-4 fill-gold text-gold" aria-hidden />{' '}
                  {selected.reviews ? `${selected.rating.toFixed(1)} (${selected.reviews})` : 'New'}
                </dd>
              </div>
              <div>
                <dt className="text-muted">Budget</dt>
                <dd>{budget(selected)}</dd>
              </div>
              <div>
                <dt className="text-muted">Languages</dt>
                <dd>{selected.languages.join(', ')}</dd>
              </div>
              <div>
                <dt className="text-muted">Selectivity</dt>
                <dd>{selectivityLabel(selected.acceptanceRate)}</dd>
              </div>
              <div>
                <dt className="text-muted">Last online</dt>
                <dd>{lastOnlineLabel(selected.lastActive)}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-muted">Looking for</dt>
                <dd>{selected.tourPreferences.join(', ')}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-muted">Verified</dt>
                <dd>{selected.verifiedInfo.join(' · ')}</dd>
              </div>
            </dl>
            <div className="mt-6 border-t border-line pt-5">
              <ProfileReviews type="tourist" id={selected.id} heading="What guides say" pageSize={3} />
            </div>
            <Button className="mt-6 w-full" onClick={() => contact(selected)}>
              <MessageCircle className="h-4 w-4" aria-hidden /> Contact {selected.name.split(' ')[0]}
            </Button>
          </>
        ) : null}
      </Dialog>
      <PersonalityRequiredDialog open={testOpen} onOpenChange={setTestOpen} />
      <VerificationPendingDialog open={ruleOpen} onOpenChange={setRuleOpen} />
    </div>
  );
}
