import { LANGUAGES } from '@lokal/shared/constants/onboarding';
import { Check } from 'lucide-react';
import { TagField } from './tag-field.tsx';

// 'Other' is the assessment's way to type a language; here any other language is simply added.
const OFFERED: string[] = LANGUAGES.filter((l) => l !== 'Other');

type Props = { values: string[]; onChange: (values: string[]) => void; error?: string };

/** The assessment's languages as toggle chips, plus any other language typed in. */
export function LanguageField({ values, onChange, error }: Props) {
  const others = values.filter((v) => !OFFERED.includes(v));
  const toggle = (lang: string) =>
    onChange(values.includes(lang) ? values.filter((v) => v !== lang) : [...values, lang]);
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium">Languages</legend>
      <div className="flex flex-wrap gap-1.5">
        {OFFERED.map((lang) => {
          const on = values.includes(lang);
          return (
            <button
              key={lang}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(lang)}
              className={`inline-flex h-9 items-center gap-1 rounded-full border px-3 text-sm transition-colors ${on ? 'border-ink bg-ink text-ivory' : 'border-line bg-white hover:border-ink/40'}`}
            >
              {on ? <Check className="h-3.5 w-3.5" aria-hidden /> : null}
              {lang}
            </button>
          );
        })}
      </div>
      <div className="mt-3">
        <TagField
          id="ep-languages"
          label="Other languages"
          values={others}
          onChange={(next) => onChange([...values.filter((v) => OFFERED.includes(v)), ...next])}
          placeholder="e.g. Catalan"
          error={error}
        />
      </div>
    </fieldset>
  );
}
