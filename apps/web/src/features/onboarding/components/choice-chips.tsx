type Props = {
  legend: string;
  options: readonly string[];
  value: string | string[];
  onChange: (value: string) => void;
  multiple?: boolean;
  labels?: Record<string, string>;
  badge?: (option: string) => string | null;
};

// Radio or checkbox group drawn as chips; native inputs keep keyboard and screen-reader behaviour.
export function ChoiceChips({ legend, options, value, onChange, multiple, labels, badge }: Props) {
  const selected = (o: string) => (Array.isArray(value) ? value.includes(o) : value === o);
  const name = legend.toLowerCase().replace(/\W+/g, '-');
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o}
            className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-4 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-deep ${selected(o) ? 'border-ink bg-ink text-ivory' : 'border-line bg-white hover:border-ink/40'}`}
          >
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              value={o}
              checked={selected(o)}
              onChange={() => onChange(o)}
              className="sr-only"
            />
            {labels?.[o] ?? o}
            {badge?.(o) ? (
              <span className="rounded-full bg-gold px-2 py-0.5 text-[0.7rem] font-semibold text-ink">
                {badge(o)}
              </span>
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
