import { Slider } from '../../../components/ui/slider.tsx';

type Music = { rap: number; techno: number; rock: number };

/** Rap, techno and rock on 1–5: the music question of the guide's assessment and the traveller's quiz. */
export function MusicSliders({ value, onChange }: { value: Music; onChange: (value: Music) => void }) {
  return (
    <>
      <Slider label="Rap" value={value.rap} onChange={(rap) => onChange({ ...value, rap })} />
      <Slider label="Techno" value={value.techno} onChange={(techno) => onChange({ ...value, techno })} />
      <Slider label="Rock" value={value.rock} onChange={(rock) => onChange({ ...value, rock })} />
    </>
  );
}
