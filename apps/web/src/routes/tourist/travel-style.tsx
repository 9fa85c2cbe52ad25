import { ANIME_KDRAMA, ANIME_LABELS, EXPERIENCES, LANGUAGES } from '@lokal/shared/constants/onboarding';
import { PACE_HINT, TRAVEL_STYLE_MESSAGES, TRAVEL_STYLE_STEPS } from '@lokal/shared/constants/travel-style';
import { paths } from '@lokal/shared/domain/pages';
import type { TravelStyle } from '@lokal/shared/schemas/travel-style';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Slider } from '../../components/ui/slider.tsx';
import { useTravelStyle } from '../../features/match/api/get-travel-style.ts';
import { saveTravelStyle } from '../../features/match/api/save-travel-style.ts';
import { ChoiceChips } from '../../features/onboarding/components/choice-chips.tsx';
import { DrinksFields, PoliticalJokesSlider } from '../../features/onboarding/components/comfort-fields.tsx';
import { MusicSliders } from '../../features/onboarding/components/music-sliders.tsx';
import { WizardShell } from '../../features/onboarding/components/wizard-shell.tsx';
import { useSubmitOnce } from '../../features/onboarding/hooks/use-submit-once.ts';
import { toast } from '../../lib/toast.ts';

type Draft = Omit<TravelStyle, 'animeKdrama'> & { animeKdrama: TravelStyle['animeKdrama'] | '' };

const EMPTY: Draft = {
  languages: [],
  experiences: [],
  musicPreference: { rap: 3, techno: 3, rock: 3 },
  drinks: false,
  cannabisComfort: 3,
  politicalJokes: 3,
  animeKdrama: '',
  pace: 3,
};
// 'Other' needs a name of its own in the guide's assessment; the quiz keeps to the listed languages.
const QUIZ_LANGUAGES = LANGUAGES.filter((l) => l !== 'Other');

const toggle = <T extends string>(list: T[], item: T) =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

function stepValid(step: number, d: Draft): boolean {
  if (step === 1) return d.languages.length > 0;
  if (step === 5) return d.animeKdrama !== '';
  return true;
}

/** The traveller's optional "Travel style" quiz (docs/product.md#travel-style): five steps, skippable, editable. */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const saved = useTravelStyle();
  const [step, setStep] = useState(1);
  const [d, setD] = useState<Draft>(EMPTY);
  const { busy, error, run } = useSubmitOnce();
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const from = (location.state as { from?: string } | null)?.from;
  const back = from?.startsWith('/tourist/') ? from : paths.tourist.home;

  // Editing starts from the saved answers, once they arrive.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !saved.data) return;
    prefilled.current = true;
    if (saved.data.travelStyle) setD(saved.data.travelStyle);
  }, [saved.data]);

  async function complete() {
    if (d.animeKdrama === '') return;
    const answers: TravelStyle = { ...d, animeKdrama: d.animeKdrama };
    await run(
      async () => {
        const res = await saveTravelStyle(answers);
        queryClient.setQueryData(['travel-style'], res);
        // Every score shown anywhere depends on the answers.
        void queryClient.invalidateQueries({ queryKey: ['guides'] });
        toast.success(TRAVEL_STYLE_MESSAGES.saved);
        navigate(back, { replace: true });
      },
      () => TRAVEL_STYLE_MESSAGES.failed,
    );
  }

  const skip = (
    <p className="mt-8 border-t border-sand pt-4 text-sm text-muted">
      Optional: your matches use your profile without it.{' '}
      <Link to={back} className="font-medium text-ink underline underline-offset-4">
        {saved.data?.travelStyle ? 'Leave without saving' : 'Skip the quiz'}
      </Link>
    </p>
  );

  return (
    <WizardShell
      title="Travel style"
      steps={TRAVEL_STYLE_STEPS}
      step={step}
      counterLabel="Question"
      canNext={stepValid(step, d)}
      busy={busy}
      lastLabel="Save my travel style"
      error={error ?? (saved.isError ? TRAVEL_STYLE_MESSAGES.loadFailed : null)}
      onBack={() => setStep((s) => Math.max(1, s - 1))}
      onNext={() => (step === TRAVEL_STYLE_STEPS.length ? complete() : setStep(step + 1))}
    >
      {step === 1 ? (
        <ChoiceChips
          legend="Languages you are happy to spend a day in"
          options={QUIZ_LANGUAGES}
          multiple
          value={d.languages}
          onChange={(l) => set({ languages: toggle(d.languages, l as TravelStyle['languages'][number]) })}
        />
      ) : null}
      {step === 2 ? (
        <ChoiceChips
          legend="What would you love to do?"
          options={EXPERIENCES.map((e) => e.title)}
          multiple
          value={d.experiences}
          onChange={(e) => set({ experiences: toggle(d.experiences, e) })}
        />
      ) : null}
      {step === 3 ? (
        <div className="space-y-6">
          <p className="text-sm text-muted">How much do you enjoy each?</p>
          <MusicSliders value={d.musicPreference} onChange={(musicPreference) => set({ musicPreference })} />
        </div>
      ) : null}
      {step === 4 ? (
        <div className="space-y-6">
          <DrinksFields value={d} onChange={set} />
          <p className="text-sm text-muted">
            Counted only within the night-life part of a match, never shown to a guide or named in a reason.
          </p>
        </div>
      ) : null}
      {step === 5 ? (
        <div className="space-y-6">
          <PoliticalJokesSlider value={d} onChange={set} />
          <ChoiceChips
            legend="Do you watch anime or K-dramas?"
            options={ANIME_KDRAMA}
            labels={ANIME_LABELS}
            value={d.animeKdrama}
            onChange={(v) => set({ animeKdrama: v as TravelStyle['animeKdrama'] })}
          />
          <Slider label="Your pace" value={d.pace} onChange={(pace) => set({ pace })} hint={[...PACE_HINT]} />
        </div>
      ) : null}
      {skip}
    </WizardShell>
  );
}
