import * as S from '@radix-ui/react-slider';

type Props = {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  hint?: [string, string];
};

// Radix slider: arrows step by 1, PageUp/PageDown by a larger step, Home/End to the ends.
export function Slider({ label, value, onChange, min = 1, max = 5, hint }: Props) {
  const id = label.toLowerCase().replace(/\W+/g, '-');
  return (
    <div>
      <div className="flex items-center justify-between text-sm">
        <span id={id} className="font-medium">
          {label}
        </span>
        <span className="tabular-nums text-muted">
          {value} / {max}
        </span>
      </div>
      <S.Root
        className="relative mt-3 flex h-6 w-full touch-none items-center select-none"
        min={min}
        max={max}
        step={1}
        value={[value]}
        onValueChange={([v]) => onChange(v ?? value)}
        aria-labelledby={id}
      >
        <S.Track className="relative h-1.5 grow rounded-full bg-sand">
          <S.Range className="absolute h-full rounded-full bg-gold" />
        </S.Track>
        <S.Thumb
          aria-labelledby={id}
          className="block h-6 w-6 rounded-full border-2 border-ink bg-white shadow-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-deep"
        />
      </S.Root>
      {hint ? (
        <div className="mt-1 flex justify-between text-xs text-muted">
          <span>{hint[0]}</span>
          <span>{hint[1]}</span>
        </div>
      ) : null}
    </div>
  );
}
