import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { SectionError } from './settings-section.tsx';

export type BadgeTone = 'gold' | 'sage' | 'sand' | 'danger';

const TONES: Record<BadgeTone, string> = {
  gold: 'bg-gold/20 text-gold-deep',
  sage: 'bg-sage/15 text-sage',
  sand: 'bg-sand text-ink',
  danger: 'bg-danger/10 text-danger',
};

type Props = {
  state: { pending: boolean; error: string | null; retry: () => void };
  image?: string;
  name?: string;
  place?: string;
  badge?: { label: string; tone: BadgeTone };
  /** Edit profile, Preview … */
  actions?: ReactNode;
  /** What others see: languages, bio, budget … */
  children?: ReactNode;
};

/** The profile summary of both settings screens: photo, name, city and currency, status. */
export function ProfileSummary({ state, image, name, place, badge, actions, children }: Props) {
  return (
    <section aria-label="Profile summary" className="rounded-card bg-white p-5 shadow-card sm:p-6">
      {state.pending ? (
        <div className="flex items-center gap-4" aria-busy="true">
          <Skeleton className="h-20 w-20 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
      ) : state.error ? (
        <SectionError message={state.error} onRetry={state.retry} />
      ) : (
        <>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <div className="flex min-w-0 flex-1 items-center gap-4">
              <img
                src={image}
                alt=""
                width={80}
                height={80}
                className="h-20 w-20 shrink-0 rounded-full bg-sand object-cover"
              />
              <div className="min-w-0">
                <p className="font-display text-2xl leading-tight break-words" data-testid="profile-name">
                  {name}
                </p>
                {place ? (
                  <p className="mt-0.5 text-sm text-muted" data-testid="profile-place">
                    {place}
                  </p>
                ) : null}
                {badge ? (
                  <p
                    className={`mt-2 inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[badge.tone]}`}
                  >
                    {badge.label}
                  </p>
                ) : null}
              </div>
            </div>
            {actions ? (
              <div className="flex flex-wrap gap-2 sm:flex-col sm:items-stretch">{actions}</div>
            ) : null}
          </div>
          {children ? <div className="mt-5 border-t border-line pt-5">{children}</div> : null}
        </>
      )}
    </section>
  );
}

/** One fact of the profile as others see it; an empty value says so instead of leaving a gap. */
export function ProfileFact({
  label,
  children,
  empty,
  className = '',
}: {
  label: string;
  children?: ReactNode;
  empty: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 text-sm">{children || <span className="text-muted">{empty}</span>}</dd>
    </div>
  );
}
