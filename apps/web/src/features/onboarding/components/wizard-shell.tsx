import { progressPercent } from '@lokal/shared/domain/onboarding-steps';
import { type ReactNode, useEffect, useRef } from 'react';
import { Brand } from '../../../components/layout/brand.tsx';
import { Button } from '../../../components/ui/button.tsx';

type Props = {
  title: string;
  steps: readonly string[];
  step: number;
  canNext: boolean;
  busy: boolean;
  lastLabel: string;
  onBack: () => void;
  onNext: () => void;
  error?: string | null;
  children: ReactNode;
  /** 'Question n of N' instead of 'Step n of N'. */
  counterLabel?: string;
  /** The last step is saved: only now does progress reach 100 %. */
  saved?: boolean;
  /** An optional step offers "Skip for now" beside Next. */
  onSkip?: () => void;
};

// Step counter, progress = steps saved ÷ total, Back and Next; the last button submits (docs/product.md#onboarding).
export function WizardShell(p: Props) {
  const total = p.steps.length;
  const percent = progressPercent(p.step, total, p.saved);
  const last = p.step === total;
  // A new step replaces the fields (and the focused control with them): its heading takes focus, so a
  // screen reader announces the step and the next Tab goes to its first field, not the top of the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(p.step);
  useEffect(() => {
    if (shown.current === p.step) return;
    shown.current = p.step;
    heading.current?.focus();
  }, [p.step]);
  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-2xl items-center justify-between px-5 py-5">
        <Brand />
        <span className="text-sm text-muted">{p.title}</span>
      </header>
      <main className="mx-auto max-w-2xl px-5 pb-28 sm:pb-16">
        <div className="flex items-center justify-between text-sm text-muted">
          <span>
            {p.counterLabel ?? 'Step'} {p.step} of {total}
          </span>
          <span>{percent}% complete</span>
        </div>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-sand"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label="Progress"
        >
          <div className="h-full rounded-full bg-gold transition-all" style={{ width: `${percent}%` }} />
        </div>
        <form
          className="mt-8 rounded-card bg-white p-6 shadow-card sm:p-8"
          onSubmit={(e) => {
            e.preventDefault();
            if (p.canNext && !p.busy) p.onNext();
          }}
        >
          <h1 ref={heading} tabIndex={-1} className="text-3xl outline-none">
            {p.steps[p.step - 1]}
          </h1>
          <div className="mt-6">{p.children}</div>
          {p.error ? (
            <p role="alert" className="mt-6 rounded-xl bg-danger/10 p-3 text-sm text-danger">
              {p.error}
            </p>
          ) : null}
          {/* On phones the actions stay in a bar at the bottom, so toasts sit above them (styles.css). */}
          <div
            data-action-bar
            className="fixed inset-x-0 bottom-0 z-20 flex justify-between gap-3 border-t border-line bg-white/95 px-5 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] backdrop-blur sm:static sm:mt-8 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none"
          >
            <Button variant="outline" onClick={p.onBack} disabled={p.step === 1 || p.busy}>
              Back
            </Button>
            <span className="flex flex-wrap justify-end gap-3">
              {p.onSkip ? (
                <Button variant="outline" onClick={p.onSkip} disabled={p.busy}>
                  Skip for now
                </Button>
              ) : null}
              <Button type="submit" disabled={!p.canNext || p.busy}>
                {p.busy ? 'Saving…' : last ? p.lastLabel : 'Next'}
              </Button>
            </span>
          </div>
        </form>
      </main>
    </div>
  );
}
