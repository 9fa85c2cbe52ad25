import { Slider } from '../../../components/ui/slider.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';

type Comfort = { drinks: boolean; cannabisComfort: number; politicalJokes: number };
type Props<K extends keyof Comfort> = {
  value: Pick<Comfort, K>;
  onChange: (patch: Partial<Comfort>) => void;
};

/** Drinks and cannabis on 1–5: the night-life question of the guide's assessment and the traveller's quiz. */
export function DrinksFields({ value, onChange }: Props<'drinks' | 'cannabisComfort'>) {
  return (
    <>
      <SwitchField
        label="I drink alcohol"
        checked={value.drinks}
        onChange={(drinks) => onChange({ drinks })}
      />
      <Slider
        label="Comfort around cannabis"
        value={value.cannabisComfort}
        onChange={(cannabisComfort) => onChange({ cannabisComfort })}
        hint={['Not at all', 'Very']}
      />
    </>
  );
}

/** Political jokes on 1–5, as the guide's assessment and the traveller's quiz both ask it. */
export function PoliticalJokesSlider({ value, onChange }: Props<'politicalJokes'>) {
  return (
    <Slider
      label="Political jokes"
      value={value.politicalJokes}
      onChange={(politicalJokes) => onChange({ politicalJokes })}
      hint={['Avoid', 'Love them']}
    />
  );
}
