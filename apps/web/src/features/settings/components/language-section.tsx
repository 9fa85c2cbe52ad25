import type { Locale } from '@lokal/shared/i18n/locales';
import { LanguageSwitcher } from '../../../components/layout/language-switcher.tsx';
import { toast } from '../../../lib/toast.ts';
import { useT } from '../../../lib/use-t.ts';
import { updateLocale } from '../api/update-locale.ts';
import { SettingsSection } from './settings-section.tsx';

/** "Language" on both settings screens (docs/product.md#languages): applied at once, saved on the account. */
export function LanguageSection() {
  const t = useT();
  const save = (locale: Locale) => void updateLocale(locale).catch((err: Error) => toast.error(err.message));
  return (
    <SettingsSection
      id="language"
      title={t('settings.language.title')}
      description={t('settings.language.description')}
    >
      <LanguageSwitcher onChosen={save} />
    </SettingsSection>
  );
}
