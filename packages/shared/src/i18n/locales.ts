/**
 * The languages Lokal speaks (docs/product.md#languages, decision 099). A member's choice is saved on their
 * account; a visitor's first page follows the browser's Accept-Language.
 */
export const LOCALES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language in its own words, as the switcher lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
  ja: '日本語',
};

/** The cookie that carries a visitor's choice to the server's first page (the app also keeps it locally). */
export const LOCALE_COOKIE = 'lokal_locale';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The language of a tag such as `pt-BR` or `de_CH`, when Lokal speaks it. */
export function localeOfTag(tag: string): Locale | null {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : null;
}

/**
 * The first language of an Accept-Language header that Lokal speaks, by its quality values (RFC 9110 §12.5.4):
 * `de-CH, fr;q=0.8` is German; a header naming none of them, or none at all, is English.
 */
export function negotiateLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { locale: localeOfTag(tag), quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter((r) => r.locale !== null && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return ranked[0]?.locale ?? DEFAULT_LOCALE;
}
