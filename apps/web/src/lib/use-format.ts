import { useLingui } from '@lingui/react';
import { type Formats, formatsFor } from '@lokal/shared/i18n/format';
import { isLocale } from '@lokal/shared/i18n/locales';

/** Numbers, money, dates and names in the app's language (decision 099); renders again when it changes. */
export function useFormat(): Formats {
  const { i18n } = useLingui();
  return formatsFor(isLocale(i18n.locale) ? i18n.locale : 'en');
}
