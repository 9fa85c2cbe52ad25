import { describe, expect, it } from 'vitest';
import { countryForCity, currencyForCity } from './city-country.ts';
import { timeZoneForCity } from './time-zone.ts';

describe('countryForCity', () => {
  it("names a served city's country, whatever its case and spaces", () => {
    expect(countryForCity('Barcelona')).toBe('ES');
    expect(countryForCity('  new YORK ')).toBe('US');
    expect(countryForCity('São Paulo')).toBe('BR');
  });

  it('has no country for an unknown city, an empty one or a prototype name', () => {
    expect(countryForCity('Atlantis')).toBeNull();
    expect(countryForCity('')).toBeNull();
    expect(countryForCity(null)).toBeNull();
    expect(countryForCity('constructor')).toBeNull();
  });

  it('knows a country for every city that has a time zone', () => {
    for (const city of ['Lisbon', 'Kyoto', 'Cape Town', 'Hong Kong', 'Zurich', 'Marrakech', 'Dubai']) {
      expect(timeZoneForCity(city)).not.toBe('UTC');
      expect(countryForCity(city)).toMatch(/^[A-Z]{2}$/);
    }
  });
});

describe('currencyForCity', () => {
  it("gives the currency of the city's country when Lokal holds a rate for it", () => {
    expect(currencyForCity('Barcelona')).toBe('EUR');
    expect(currencyForCity('London')).toBe('GBP');
    expect(currencyForCity('Kyoto')).toBe('JPY');
    expect(currencyForCity('Miami')).toBe('USD');
  });

  it('has none for an unknown city', () => {
    expect(currencyForCity('Atlantis')).toBeNull();
    expect(currencyForCity(null)).toBeNull();
  });
});
