import { formatMoney, formatNumber } from '../domain/discovery.ts';
import { exponentOf, formatMinor } from '../domain/money.ts';
import type { Locale } from './locales.ts';

/**
 * Numbers, money, dates, relative times, lists and names in one language (docs/product.md#languages,
 * decision 099). English keeps the hand-written writers of decision 042, so an English first screen loads
 * no internationalisation data; the other languages use `Intl`, each formatter made once when first needed.
 */
export type Formats = {
  locale: Locale;
  /** A price in major units: "€130", "130 €", "￥15,000"; decimals only when the amount has them. */
  money(amount: number, currency: string): string;
  /** A ledger amount in minor units with every decimal of its currency: "€1,234.50", "1.234,50 €". */
  minor(minor: number, currency: string): string;
  number(n: number): string;
  /** A day: "23 Nov 2026", "23. Nov. 2026", "2026年11月23日". */
  date(instant: Date | string, timeZone?: string): string;
  /** A moment in a city's time zone: "Sat 28 Nov, 18:00", "Sa., 28. Nov., 18:00". */
  dateTimeIn(instant: Date | string, timeZone: string): string;
  /** "3 hours ago", "in 2 days", "vor 3 Stunden". */
  relative(instant: Date | string, now?: Date): string;
  /** "English, French and German". */
  list(items: readonly string[]): string;
  /** A language's name in this language: "German", "Deutsch", "ドイツ語". */
  languageName(code: string): string;
  /** A country's name from its ISO code: "Portugal", "ポルトガル". */
  countryName(code: string): string;
};

const made = new Map<Locale, Formats>();

export function formatsFor(locale: Locale): Formats {
  let formats = made.get(locale);
  if (!formats) {
    formats = locale === 'en' ? english() : withIntl(locale);
    made.set(locale, formats);
  }
  return formats;
}

/** A cache of one kind of Intl formatter, by its options. */
function cached<F>(make: (key: string) => F): (key: string) => F {
  const all = new Map<string, F>();
  return (key) => {
    let found = all.get(key);
    if (!found) {
      found = make(key);
      all.set(key, found);
    }
    return found;
  };
}

const DAY_PARTS = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const MOMENT_PARTS = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
} as const;

/** Shared by both: relative times, lists and names always need Intl (they are never on a first screen). */
function common(tag: string) {
  const relative = cached(() => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));
  const lists = cached(() => new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' }));
  const names = cached((type) => new Intl.DisplayNames(tag, { type: type as 'language' | 'region' }));
  const moments = cached((zone) => new Intl.DateTimeFormat(tag, { ...MOMENT_PARTS, timeZone: zone }));
  return {
    dateTimeIn: (instant: Date | string, timeZone: string) => moments(timeZone).format(new Date(instant)),
    relative(instant: Date | string, now = new Date()) {
      const seconds = (new Date(instant).getTime() - now.getTime()) / 1000;
      const steps: [Intl.RelativeTimeFormatUnit, number][] = [
        ['year', 365 * 86_400],
        ['month', 30 * 86_400],
        ['week', 7 * 86_400],
        ['day', 86_400],
        ['hour', 3_600],
        ['minute', 60],
      ];
      const [unit, size] = steps.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
      return relative('').format(Math.round(seconds / size), unit);
    },
    list: (items: readonly string[]) => lists('').format(items),
    languageName: (code: string) => names('language').of(code) ?? code,
    countryName: (code: string) => names('region').of(code.toUpperCase()) ?? code,
  };
}

// British short month names, as `toLocaleDateString('en-GB', { month: 'short' })` writes them.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

function english(): Formats {
  const zoned = cached((zone) => new Intl.DateTimeFormat('en-GB', { ...DAY_PARTS, timeZone: zone }));
  return {
    locale: 'en',
    money: formatMoney,
    minor: formatMinor,
    number: formatNumber,
    date(instant, timeZone) {
      const d = new Date(instant);
      // Written by hand in the browser's own zone (decision 042); a named zone needs Intl.
      if (timeZone) return zoned(timeZone).format(d);
      return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
    },
    ...common('en-GB'),
  };
}

/** Each language's conventions for its region of reference (Brazilian Portuguese, decision 099). */
const TAGS: Record<Locale, string> = {
  en: 'en-GB',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  it: 'it-IT',
  pt: 'pt-BR',
  ja: 'ja-JP',
};

function withIntl(locale: Locale): Formats {
  const tag = TAGS[locale];
  const numbers = cached(() => new Intl.NumberFormat(tag, { maximumFractionDigits: 3 }));
  const prices = cached((key) => {
    const [currency = 'USD', digits] = key.split(':');
    return new Intl.NumberFormat(tag, {
      style: 'currency',
      currency,
      ...(digits === undefined
        ? {}
        : { minimumFractionDigits: Number(digits), maximumFractionDigits: Number(digits) }),
    });
  });
  const days = cached(
    (zone) => new Intl.DateTimeFormat(tag, { ...DAY_PARTS, ...(zone ? { timeZone: zone } : {}) }),
  );
  return {
    locale,
    money: (amount, currency) =>
      prices(Number.isInteger(amount) || exponentOf(currency) === 0 ? `${currency}:0` : currency).format(
        amount,
      ),
    minor: (minor, currency) => {
      const places = exponentOf(currency);
      return prices(`${currency}:${places}`).format(minor / 10 ** places);
    },
    number: (n) => numbers('').format(n),
    date: (instant, timeZone) => days(timeZone ?? '').format(new Date(instant)),
    ...common(tag),
  };
}
