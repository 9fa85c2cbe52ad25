import { setupI18n } from '@lingui/core';
import type { CompiledCatalog } from '@lokal/shared/i18n/catalog';
import { isLocale, LOCALE_COOKIE, type Locale, negotiateLocale } from '@lokal/shared/i18n/locales';

/** The app's one message runtime (decision 099): components read it through `useT`. */
export const i18n = setupI18n();

// One chunk per language, compiled at build time (vite.config.ts): only the chosen one is loaded.
const catalogs = import.meta.glob<CompiledCatalog>('../../../../packages/shared/src/i18n/messages/*.json', {
  import: 'default',
});
const catalogOf = (locale: Locale) =>
  catalogs[`../../../../packages/shared/src/i18n/messages/${locale}.json`]!();

const YEAR_S = 365 * 24 * 60 * 60;

function chosenLocale(): Locale | null {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${LOCALE_COOKIE}=`));
  const value = found?.slice(LOCALE_COOKIE.length + 1);
  return isLocale(value) ? value : null;
}

/** The language to start in: the visitor's choice (a cookie, which the server reads too), else the browser's. */
export function initialLocale(): Locale {
  return chosenLocale() ?? negotiateLocale(navigator.languages.join(','));
}

/** Loads a language's messages and switches every component to it, without a reload. */
export async function activateLocale(locale: Locale): Promise<void> {
  const messages = await catalogOf(locale);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

/** Remembers the visitor's choice on this browser; the server keeps a member's on their account. */
export function rememberLocale(locale: Locale): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`;
}

/** After sign-in the server's cookie carries the member's saved language: follow it on this device. */
export async function followChosenLocale<T>(answer: T): Promise<T> {
  const chosen = chosenLocale();
  if (chosen && chosen !== i18n.locale) await activateLocale(chosen);
  return answer;
}
