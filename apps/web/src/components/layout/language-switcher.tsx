import { useLingui } from '@lingui/react';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@lokal/shared/i18n/locales';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { activateLocale, rememberLocale } from '../../lib/i18n.ts';
import { useT } from '../../lib/use-t.ts';

/**
 * The language of the app (decision 099): switched at once, without a reload, and kept on this browser. A
 * signed-in member's `onChosen` saves it on their account, for their other devices and their e-mails.
 */
export function LanguageSwitcher({
  tone = 'light',
  onChosen,
}: {
  tone?: 'light' | 'dark';
  onChosen?: (locale: Locale) => void;
}) {
  const t = useT();
  const { i18n } = useLingui();
  const id = useId();
  const choose = async (value: string) => {
    if (!isLocale(value)) return;
    rememberLocale(value);
    await activateLocale(value);
    onChosen?.(value);
  };
  const look =
    tone === 'dark'
      ? 'border-ivory/30 bg-transparent text-ivory/90 hover:border-ivory/60'
      : 'border-line bg-ivory text-ink hover:border-ink/40';
  return (
    <div className="flex items-center gap-1.5">
      <Languages aria-hidden className={`h-4 w-4 ${tone === 'dark' ? 'text-ivory/70' : 'text-muted'}`} />
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(event) => void choose(event.target.value)}
        className={`rounded-full border px-2.5 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold ${look}`}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale} className="text-ink">
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
