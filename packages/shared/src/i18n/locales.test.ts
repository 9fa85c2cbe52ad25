import { describe, expect, it } from 'vitest';
import { localeOfTag, negotiateLocale } from './locales.ts';

describe('negotiateLocale', () => {
  it('takes the first language Lokal speaks, by quality', () => {
    expect(negotiateLocale('de-CH, fr;q=0.8, en;q=0.5')).toBe('de');
    expect(negotiateLocale('zh-CN, ja;q=0.9, en;q=0.8')).toBe('ja');
    expect(negotiateLocale('en;q=0.4, pt-BR;q=0.9')).toBe('pt');
    expect(negotiateLocale('fr;q=0.5, it;q=0.5')).toBe('fr');
  });

  it('falls back to English for none, nonsense or a refused language', () => {
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale('')).toBe('en');
    expect(negotiateLocale('zh, ko')).toBe('en');
    expect(negotiateLocale('de;q=0, es;q=abc')).toBe('en');
    expect(negotiateLocale('*')).toBe('en');
  });

  it('reads region and underscore tags', () => {
    expect(localeOfTag('es-419')).toBe('es');
    expect(localeOfTag('pt_PT')).toBe('pt');
    expect(localeOfTag('klingon')).toBeNull();
  });
});
