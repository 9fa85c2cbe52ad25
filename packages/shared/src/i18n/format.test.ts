import { describe, expect, it } from 'vitest';
import { formatsFor } from './format.ts';
import { LOCALES, type Locale } from './locales.ts';
import de from './messages/de.json';
import en from './messages/en.json';
import es from './messages/es.json';
import fr from './messages/fr.json';
import it_ from './messages/it.json';
import ja from './messages/ja.json';
import pt from './messages/pt.json';
import { createTranslator } from './translate.ts';

const CATALOGS = { en, es, fr, de, it: it_, pt, ja };
// Intl separates some parts with no-break spaces (U+00A0, U+202F): compared here as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('plurals in every language', () => {
  const counts = [1, 2, 5, 21];
  const expected: Record<Locale, string[]> = {
    en: ['1 review', '2 reviews', '5 reviews', '21 reviews'],
    es: ['1 reseña', '2 reseñas', '5 reseñas', '21 reseñas'],
    fr: ['1 avis', '2 avis', '5 avis', '21 avis'],
    de: ['1 Bewertung', '2 Bewertungen', '5 Bewertungen', '21 Bewertungen'],
    it: ['1 recensione', '2 recensioni', '5 recensioni', '21 recensioni'],
    pt: ['1 avaliação', '2 avaliações', '5 avaliações', '21 avaliações'],
    ja: ['1件のレビュー', '2件のレビュー', '5件のレビュー', '21件のレビュー'],
  };
  for (const locale of LOCALES) {
    it(`counts reviews in ${locale}`, () => {
      const t = createTranslator(locale, CATALOGS[locale]);
      expect(counts.map((count) => t('reviews.count', { count }))).toEqual(expected[locale]);
    });
  }

  it('groups the digits of a large count the way the language does', () => {
    expect(plain(createTranslator('de', de)('reviews.count', { count: 1021 }))).toBe('1.021 Bewertungen');
    expect(plain(createTranslator('fr', fr)('reviews.count', { count: 1021 }))).toBe('1 021 avis');
  });
});

describe('money in every language', () => {
  const expected: Record<Locale, [string, string, string, string]> = {
    en: ['€130', '€22.50', '¥15,000', '€1,234.50'],
    es: ['130 €', '22,50 €', '15.000 JPY', '1234,50 €'],
    fr: ['130 €', '22,50 €', '15 000 JPY', '1 234,50 €'],
    de: ['130 €', '22,50 €', '15.000 ¥', '1.234,50 €'],
    it: ['130 €', '22,50 €', '15.000 JPY', '1234,50 €'],
    pt: ['€ 130', '€ 22,50', 'JP¥ 15.000', '€ 1.234,50'],
    ja: ['€130', '€22.50', '￥15,000', '€1,234.50'],
  };
  for (const locale of LOCALES) {
    it(`writes prices in ${locale}: decimals only when there are some, none ever for yen`, () => {
      const f = formatsFor(locale);
      expect(
        [f.money(130, 'EUR'), f.money(22.5, 'EUR'), f.money(15000, 'JPY'), f.minor(123450, 'EUR')].map(plain),
      ).toEqual(expected[locale]);
      expect(plain(f.minor(15000, 'JPY'))).toBe(plain(f.money(15000, 'JPY')));
      expect(f.money(15000.4, 'JPY')).not.toMatch(/[.,]4/);
    });
  }
});

describe('dates, times and words', () => {
  const f = (locale: Locale) => formatsFor(locale);
  it('writes each month of the year in English as the British short date does, without Intl', () => {
    for (let month = 0; month < 12; month++) {
      const iso = new Date(2026, month, month + 3, 15, 30).toISOString();
      const expected = new Date(iso).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      });
      expect(f('en').date(iso)).toBe(expected);
    }
    expect(f('en').date(new Date(2026, 10, 23, 9).toISOString())).toBe('23 Nov 2026');
  });

  it('writes a day and a moment in the city', () => {
    expect(['en', 'de', 'ja'].map((l) => plain(f(l as Locale).date('2026-11-23T12:00:00Z', 'UTC')))).toEqual([
      '23 Nov 2026',
      '23. Nov. 2026',
      '2026年11月23日',
    ]);
    const at = '2026-11-28T17:00:00Z';
    expect(plain(f('en').dateTimeIn(at, 'Europe/Madrid'))).toBe('Sat 28 Nov, 18:00');
    expect(plain(f('fr').dateTimeIn(at, 'Europe/Madrid'))).toBe('sam. 28 nov., 18:00');
    expect(plain(f('ja').dateTimeIn(at, 'Asia/Tokyo'))).toBe('11月29日(日) 02:00');
  });

  it('says how long ago, lists and names languages and countries', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const before = new Date('2026-01-01T09:00:00Z');
    expect(['en', 'es', 'de', 'ja'].map((l) => plain(f(l as Locale).relative(before, now)))).toEqual([
      '3 hours ago',
      'hace 3 horas',
      'vor 3 Stunden',
      '3 時間前',
    ]);
    expect(f('en').relative(new Date('2026-01-03T12:00:00Z'), now)).toBe('in 2 days');
    expect(f('de').list(['Englisch', 'Französisch', 'Deutsch'])).toBe('Englisch, Französisch und Deutsch');
    expect([f('en').languageName('pt'), f('fr').languageName('de'), f('ja').countryName('pt')]).toEqual([
      'Portuguese',
      'allemand',
      'ポルトガル',
    ]);
  });
});
