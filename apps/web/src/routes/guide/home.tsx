import {
  BANNER_BUDGET,
  DISCOVERY_MESSAGES,
  GUIDE_HOME_CATEGORIES,
  VERIFICATION_MODAL_DELAY_MS,
} from '@lokal/shared/constants/discovery';
import { formatMoney } from '@lokal/shared/domain/discovery';
import { paths } from '@lokal/shared/domain/pages';
import type { TouristCard as Tourist } from '@lokal/shared/schemas/discovery';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Crown, Eye, Settings, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { LoadMore } from '../../components/ui/load-more.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { useStartConversation } from '../../features/chat/hooks/use-start-conversation.ts';
import { touristListQuery } from '../../features/discovery/api/get-tourist-list.ts';
import { userProfileQuery } from '../../features/discovery/api/get-user-profile.ts';
import { verificationQuery } from '../../features/discovery/api/get-verification.ts';
import {
  PersonalityRequiredDialog,
  VerificationPendingDialog,
} from '../../features/discovery/components/guide-gates.tsx';
import { TouristCard } from '../../features/discovery/components/tourist-card.tsx';
import { MatchSummary } from '../../features/match/components/match-summary.tsx';
import { activationQuery } from '../../features/onboarding/api/get-activation.ts';
import { ActivationChecklist } from '../../features/onboarding/components/activation-checklist.tsx';
import { ApiError } from '../../lib/api-client.ts';

export function Component() {
  const conversation = useStartConversation('guide');
  const navigate = useNavigate();
  const { user } = useAuth();
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('All');
  const list = useInfiniteQuery(touristListQuery(q.trim(), category));
  // The first page carries the city and the figures; the cards come a page at a time (decision 039).
  const first = list.data?.pages[0];
  const tourists = list.data?.pages.flatMap((p) => p.tourists) ?? [];
  const verification = useQuery(verificationQuery);
  const profile = useQuery(userProfileQuery);
  const activation = useQuery(activationQuery);
  const [pendingOpen, setPendingOpen] = useState(false);
  const [testOpen, setTestOpen] = useState(false);
  const [ruleOpen, setRuleOpen] = useState(false);
  // A failed check counts as not verified (docs/product.md#guide-screens).
  const unverified = verification.isError || verification.data?.verified === false;
  const rejection = verification.data?.status === 'rejected' ? verification.data.rejectionReason : null;

  useEffect(() => {
    if (!unverified) return;
    const t = setTimeout(() => setPendingOpen(true), VERIFICATION_MODAL_DELAY_MS);
    return () => clearTimeout(t);
  }, [unverified]);

  // Verified while the page is open (the query asks again on its own): the modal goes, and the checklist says
  // verified. The staff decision's notification tells the guide why.
  useEffect(() => {
    if (!verification.data?.verified) return;
    setPendingOpen(false);
    void activation.refetch();
  }, [verification.data?.verified, activation.refetch]);

  const testDone = user?.personalityTestCompleted ?? false;
  const currency = {
    code: profile.data?.currency ?? 'USD',
    multiplier: profile.data?.currencyMultiplier ?? 1,
  };

  function contact(t: Tourist) {
    if (!testDone) return setTestOpen(true);
    if (!t.canContact) return setRuleOpen(true);
    conversation.start({ touristId: t.id }, (code) =>
      code === 'personality-test-required' ? setTestOpen(true) : setRuleOpen(true),
    );
  }
  function open(t: Tourist) {
    if (!testDone) return setTestOpen(true);
    if (!t.canContact) return setRuleOpen(true);
    navigate(paths.guide.topTourists, { state: { open: t.id } });
  }

  const stats = first?.stats;
  return (
    <div className="pb-24 lg:pb-12">
      {verification.isPending ? (
        <div className="fixed inset-x-0 top-0 z-30 flex justify-center p-2">
          <Spinner label="Checking verification" className="rounded-full bg-white px-4 py-1.5 shadow-card" />
        </div>
      ) : null}
      {/* Usable while staff review: the checklist says what is left (docs/product.md#guide-screens). */}
      <div data-testid="dashboard">
        <main className="mx-auto max-w-6xl px-5 pt-6">
          <div className="flex flex-wrap items-start gap-3">
            <div className="mr-auto">
              <h1 className="text-3xl sm:text-4xl">Guide Dashboard</h1>
              <p className="mt-1 text-muted">
                Travellers in {first?.city ?? profile.data?.city ?? 'your city'}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {/* Always here, online or not: the banner below only appears while top tourists are online. */}
              <Link to={paths.guide.topTourists} className={buttonClass('outline', 'sm')}>
                <Crown className="h-4 w-4 text-gold-deep" aria-hidden /> Top 3 tourists
              </Link>
              <Link
                to={paths.guide.preview}
                className={buttonClass('ghost', 'icon')}
                aria-label="Preview my profile"
              >
                <Eye className="h-5 w-5" aria-hidden />
              </Link>
              <Link to={paths.guide.settings} className={buttonClass('ghost', 'icon')} aria-label="Settings">
                <Settings className="h-5 w-5" aria-hidden />
              </Link>
            </div>
          </div>

          {activation.data ? (
            <ActivationChecklist
              activation={activation.data}
              review={
                verification.data
                  ? { status: verification.data.status, rejectionReason: verification.data.rejectionReason }
                  : null
              }
            />
          ) : null}

          <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Your figures">
            {[
              // Tours accepted or done Monday–Sunday in the city's time; earnings of completed tours, all time.
              ['Bookings this week', stats ? String(stats.thisWeek) : '—'],
              ['Earnings (all time)', stats ? formatMoney(stats.earnings, 'USD') : '—'],
              ['Rating', stats?.rating ? stats.rating.toFixed(1) : 'New'],
              // The guide page's figures (docs/product.md#response-figures): "New" below three conversations.
              [
                'Response rate',
                stats ? (stats.response.measured ? `${stats.response.rate}%` : 'New') : '—',
                stats?.response.measured ? stats.response.label : null,
              ],
            ].map(([label, value, hint]) => (
              <div key={label} className="rounded-2xl bg-white p-4 shadow-card">
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="mt-1 font-display text-2xl">{value}</dd>
                {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
              </div>
            ))}
          </dl>

          {first && first.highValueOnline > 0 ? (
            <Link
              to={paths.guide.topTourists}
              className="mt-5 flex items-center justify-between gap-3 rounded-card bg-ink p-5 text-ivory hover:bg-ink-soft"
            >
              <span className="flex items-center gap-3">
                <Sparkles className="h-6 w-6 text-gold" aria-hidden />
                <span>
                  <strong className="block font-display text-lg">
                    {first.highValueOnline === 3
                      ? DISCOVERY_MESSAGES.highValueBanner
                      : `${first.highValueOnline} High-Value Tourists Online`}
                  </strong>
                  <span className="text-sm text-ivory/80">Budgets {BANNER_BUDGET} · see the top 3</span>
                </span>
              </span>
              <Crown className="h-5 w-5 text-gold" aria-hidden />
            </Link>
          ) : null}

          <SearchField
            label="Search tourists"
            value={q}
            onChange={setQ}
            placeholder="Search by name, country or interest"
            className="mt-6"
          />
          <fieldset className="mt-4 flex min-w-0 gap-2 overflow-x-auto border-0 pb-1">
            <legend className="sr-only">Categories</legend>
            {GUIDE_HOME_CATEGORIES.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={category === c}
                onClick={() => setCategory(c)}
                className={`shrink-0 rounded-full border px-4 py-2 text-sm ${category === c ? 'border-ink bg-ink text-ivory' : 'border-line bg-white hover:border-ink/40'}`}
              >
                {c}
              </button>
            ))}
          </fieldset>

          {list.isPending ? (
            <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-72 rounded-card" />
              ))}
            </div>
          ) : null}
          {list.isError ? (
            <p className="mt-6 text-danger" role="alert">
              {list.error.message}
              {list.error instanceof ApiError && list.error.code === 'city-required' ? (
                <>
                  {' '}
                  <Link to={paths.guide.settings} className="font-medium underline">
                    Open Settings
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
          {list.isSuccess && tourists.length === 0 ? (
            <div className="mt-8 rounded-card border border-line bg-white p-10 text-center">
              <h2 className="text-2xl">{DISCOVERY_MESSAGES.noTourists}</h2>
              <Button
                variant="outline"
                className="mt-4"
                onClick={() => {
                  setQ('');
                  setCategory('All');
                }}
              >
                Clear Filters
              </Button>
            </div>
          ) : null}
          {tourists.length ? (
            <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {tourists.map((t) => (
                <TouristCard
                  key={t.id}
                  tourist={t}
                  currency={currency}
                  onContact={contact}
                  onOpen={open}
                  match={<MatchSummary match={t.match} reader="guide" />}
                />
              ))}
            </div>
          ) : null}
          <LoadMore pages={list} label="Load more travellers" />
        </main>
      </div>
      <Dialog
        open={pendingOpen}
        onOpenChange={setPendingOpen}
        title={rejection !== null ? 'Profile not approved yet' : 'Verification pending'}
        description={
          rejection !== null
            ? 'Our team could not verify your profile yet. Update your answers and submit the assessment again, and we will review it again. Until then you can connect with the three top guests in your city who accept unverified guides.'
            : 'Our team is reviewing your profile. Until then you can connect with the three top guests in your city who accept unverified guides.'
        }
      >
        {rejection ? (
          <div
            className="mt-5 rounded-xl border border-terracotta/30 bg-white p-4"
            data-testid="rejection-reason"
          >
            <p className="text-sm font-medium text-terracotta">Reason from our team</p>
            <p className="mt-1 break-words whitespace-pre-line">{rejection}</p>
          </div>
        ) : null}
        {rejection !== null ? (
          <Link to={paths.guide.personalityTest} className={buttonClass('primary', 'md', 'mt-6 w-full')}>
            Update my answers
          </Link>
        ) : null}
        <Link
          to={paths.guide.preview}
          className={buttonClass(
            rejection !== null ? 'outline' : 'primary',
            'md',
            `${rejection !== null ? 'mt-3' : 'mt-6'} w-full`,
          )}
        >
          Preview my profile
        </Link>
        <Link to={paths.guide.topTourists} className={buttonClass('outline', 'md', 'mt-3 w-full')}>
          See the top 3 guests
        </Link>
        {/* Staff verify with a verified phone and an identity document (docs/product.md#identity-documents). */}
        <Link
          to={`${paths.guide.settings}#verification`}
          className={buttonClass('ghost', 'md', 'mt-3 w-full')}
        >
          Upload my identity document
        </Link>
      </Dialog>
      <PersonalityRequiredDialog open={testOpen} onOpenChange={setTestOpen} />
      <VerificationPendingDialog open={ruleOpen} onOpenChange={setRuleOpen} />
    </div>
  );
}
