import type { AssessmentDraft } from '@lokal/shared/domain/onboarding-steps';
import { Slider } from '../../../components/ui/slider.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { MusicSliders } from './music-sliders.tsx';

type Props = { value: AssessmentDraft; onChange: (patch: Partial<AssessmentDraft>) => void };

/**
 * The assessment's third question (music, drinks, cannabis, political jokes). Its sliders carry most of the
 * test's code, so the screen loads this step on the way to it, not with its first question (decision 046).
 */
export function AssessmentComfortStep({ value: d, onChange: set }: Props) {
  return (
    <div className="space-y-6">
      <MusicSliders value={d.musicPreference} onChange={(musicPreference) => set({ musicPreference })} />
      <SwitchField label="I drink alcohol" checked={d.drinks} onChange={(drinks) => set({ drinks })} />
      <Slider
        label="Comfort around cannabis"
        value={d.cannabisComfort}
        onChange={(cannabisComfort) => set({ cannabisComfort })}
        hint={['Not at all', 'Very']}
      />
      <Slider
        label="Political jokes"
        value={d.politicalJokes}
        onChange={(politicalJokes) => set({ politicalJokes })}
        hint={['Avoid', 'Love them']}
      />
    </div>
  );
}
