import type { AssessmentDraft } from '@lokal/shared/domain/onboarding-steps';
import { DrinksFields, PoliticalJokesSlider } from './comfort-fields.tsx';
import { MusicSliders } from './music-sliders.tsx';

type Props = { value: AssessmentDraft; onChange: (patch: Partial<AssessmentDraft>) => void };

/**
 * The assessment's third question (music, drinks, cannabis, political jokes). Its sliders carry most of the
 * test's code, so the screen loads this step on the way to it, not with its first question (decision 082).
 */
export function AssessmentComfortStep({ value: d, onChange: set }: Props) {
  return (
    <div className="space-y-6">
      <MusicSliders value={d.musicPreference} onChange={(musicPreference) => set({ musicPreference })} />
      <DrinksFields value={d} onChange={set} />
      <PoliticalJokesSlider value={d} onChange={set} />
    </div>
  );
}
