import { COUNTRY_CURRENCY, SUPPORTED_CURRENCIES } from '../constants/currency.ts';

// The country of each city Lokal serves (ISO 3166-1 alpha-2), beside the city → time zone table in
// time-zone.ts: a phone number typed without its country code is read as one of the user's city's country
// (docs/product.md#onboarding). An unknown city has no country, and the number then needs its code.
const CITY_COUNTRIES: Record<string, string> = {
  amsterdam: 'NL',
  athens: 'GR',
  bangkok: 'TH',
  barcelona: 'ES',
  berlin: 'DE',
  'buenos aires': 'AR',
  brussels: 'BE',
  budapest: 'HU',
  'cape town': 'ZA',
  chicago: 'US',
  copenhagen: 'DK',
  dubai: 'AE',
  dublin: 'IE',
  edinburgh: 'GB',
  florence: 'IT',
  'hong kong': 'HK',
  istanbul: 'TR',
  kyoto: 'JP',
  lisbon: 'PT',
  london: 'GB',
  'los angeles': 'US',
  madrid: 'ES',
  marrakech: 'MA',
  melbourne: 'AU',
  'mexico city': 'MX',
  miami: 'US',
  milan: 'IT',
  montreal: 'CA',
  munich: 'DE',
  naples: 'IT',
  'new york': 'US',
  osaka: 'JP',
  paris: 'FR',
  porto: 'PT',
  prague: 'CZ',
  'rio de janeiro': 'BR',
  rome: 'IT',
  'san francisco': 'US',
  'são paulo': 'BR',
  'sao paulo': 'BR',
  seoul: 'KR',
  seville: 'ES',
  shanghai: 'CN',
  singapore: 'SG',
  stockholm: 'SE',
  sydney: 'AU',
  tokyo: 'JP',
  toronto: 'CA',
  vancouver: 'CA',
  venice: 'IT',
  vienna: 'AT',
  warsaw: 'PL',
  zurich: 'CH',
};

/** The city's country code ("ES" for Barcelona), or null for a city Lokal does not know. */
export function countryForCity(city: string | null | undefined): string | null {
  const key = (city ?? '').trim().toLowerCase();
  // Own keys only: a city named "constructor" must not yield Object.prototype's function.
  return Object.hasOwn(CITY_COUNTRIES, key) ? CITY_COUNTRIES[key]! : null;
}

/**
 * The currency of the city's country when Lokal holds a rate for it ("EUR" for Barcelona), else null: a new
 * guide's currency starts from the city (docs/product.md#city-and-currency).
 */
export function currencyForCity(city: string | null | undefined): string | null {
  const country = countryForCity(city);
  const currency = country ? COUNTRY_CURRENCY[country] : undefined;
  return currency && (SUPPORTED_CURRENCIES as readonly string[]).includes(currency) ? currency : null;
}
