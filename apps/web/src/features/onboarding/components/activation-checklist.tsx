import { paths } from '@lokal/shared/domain/pages';
import type { GuideActivation } from '@lokal/shared/schemas/trust';
import { CalendarClock, Camera, CheckCircle2, ChevronRight, FileText, Inbox, Sparkles } from 'lucide-react';
import { Link } from 'react-router';

type Step = {
  key: 'document' | 'photo' | 'experience' | 'hours';
  label: string;
  to: string;
  icon: typeof FileText;
};

// The steps in the order a new guide takes them, each a link to where it is done (docs/product.md#guide-screens).
const STEPS: Step[] = [
  {
    key: 'document',
    label: 'Upload your identity document',
    to: `${paths.guide.settings}#verification`,
    icon: FileText,
  },
  { key: 'photo', label: 'Add a profile photo', to: `${paths.guide.settings}#photo`, icon: Camera },
  { key: 'experience', label: 'Publish an experience', to: paths.guide.experiences, icon: Sparkles },
  { key: 'hours', label: 'Set your weekly hours', to: paths.guide.availability, icon: CalendarClock },
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The banner at the top of the guide's dashboard: what staff think of the profile, the steps left before
 * travellers can book, and the booking requests waiting. Gone once all is done and nothing waits.
 */
export function ActivationChecklist(props: {
  activation: GuideActivation;
  /** The review's state: null while it loads. */
  review: { status: 'pending' | 'verified' | 'rejected'; rejectionReason: string | null } | null;
}) {
  const { activation: a, review } = props;
  // The review's own answer when it is in (it is asked again on its own), else the checklist's.
  const verified = review ? review.status === 'verified' : a.verified;
  const left = STEPS.filter((s) => !a[s.key] && !(s.key === 'document' && verified));
  if (left.length === 0 && a.waitingRequests === 0 && verified) return null;
  const done = STEPS.length - left.length;
  const rejected = review?.status === 'rejected';
  const title = verified
    ? 'Finish setting up'
    : rejected
      ? 'Profile not approved yet'
      : 'Verification pending';
  return (
    <section
      aria-labelledby="activation-title"
      className="mt-5 rounded-card border border-gold/40 bg-white p-5 shadow-card"
      data-testid="activation-checklist"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="activation-title" className="text-xl">
          {title}
        </h2>
        <p className="text-sm text-muted">{`${done} of ${STEPS.length} steps done`}</p>
      </div>
      {verified ? null : (
        <p className="mt-1 text-sm text-muted">
          {rejected
            ? 'Our team could not verify your profile yet. Update your answers and submit the assessment again.'
            : 'Our team is reviewing your profile.'}{' '}
          Until then you can connect with the three top guests in your city who accept unverified guides.
        </p>
      )}
      {rejected && review?.rejectionReason ? (
        <p className="mt-3 rounded-xl border border-terracotta/30 p-3 text-sm" data-testid="rejection-reason">
          <span className="font-medium text-terracotta">Reason from our team: </span>
          <span className="break-words whitespace-pre-line">{review.rejectionReason}</span>
        </p>
      ) : null}
      <ul className="mt-4 grid gap-2 sm:grid-cols-2" aria-label="Activation steps">
        {a.waitingRequests > 0 ? (
          <li className="sm:col-span-2">
            <Link
              to={paths.guide.bookings}
              className="flex items-center gap-3 rounded-xl bg-ink px-4 py-3 text-ivory hover:bg-ink-soft"
            >
              <Inbox className="h-5 w-5 shrink-0 text-gold" aria-hidden />
              <span className="flex-1 font-medium">
                {`${plural(a.waitingRequests, 'booking request', 'booking requests')} waiting for your answer`}
              </span>
              <ChevronRight className="h-4 w-4" aria-hidden />
            </Link>
          </li>
        ) : null}
        {left.map(({ key, label, to, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to}
              className="flex items-center gap-3 rounded-xl border border-line px-4 py-3 hover:border-ink/40"
            >
              <Icon className="h-5 w-5 shrink-0 text-gold-deep" aria-hidden />
              <span className="flex-1">{label}</span>
              <ChevronRight className="h-4 w-4 text-muted" aria-hidden />
            </Link>
          </li>
        ))}
        {STEPS.filter((s) => !left.includes(s)).map(({ key, label }) => (
          <li key={key} className="flex items-center gap-3 px-4 py-3 text-muted">
            <CheckCircle2 className="h-5 w-5 shrink-0 text-[hsl(140,60%,35%)]" aria-hidden />
            <span className="flex-1">
              <span className="sr-only">Done: </span>
              <s>{label}</s>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
