import { COUNTRY_CURRENCY, FALLBACK_RATES } from '@lokal/shared/constants/currency';
import { DEFAULT_CITY, DEFAULT_CURRENCY } from '@lokal/shared/constants/discovery';
import type { Locale } from '@lokal/shared/i18n/locales';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../plugins/sessions.ts';
import { type AppContext, perApp } from '../context.ts';
import { createLocaleRepository } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type GeoLookup = (ip: string) => { city: string; country: string } | null;
type Rates = { base: string; date: string; rates: Record<string, number>; source: 'provider' | 'fallback' };

// The offline database is large: load it on the first lookup, not at start.
let geoip: { lookup: (ip: string) => { city: string; country: string } | null } | null = null;
async function offlineGeo(): Promise<GeoLookup> {
  if (!geoip) geoip = (await import('geoip-lite')).default;
  return (ip) => geoip!.lookup(ip);
}

export function createLocaleService(deps: {
  repo: ReturnType<typeof createLocaleRepository>;
  ratesUrl: string | undefined;
  now: () => number;
  log: FastifyBaseLogger;
}) {
  const { repo, now, log } = deps;
  let cache: { at: number; rates: Rates } | null = null;

  async function detect(ip: string): Promise<{ city: string; currency: string | null }> {
    try {
      const hit = (await offlineGeo())(ip);
      return {
        city: hit?.city || DEFAULT_CITY,
        currency: hit ? (COUNTRY_CURRENCY[hit.country] ?? null) : null,
      };
    } catch (err) {
      log.warn({ err }, 'IP geolocation failed');
      return { city: DEFAULT_CITY, currency: null };
    }
  }

  async function rates(): Promise<Rates> {
    if (cache && now() - cache.at < DAY_MS) return cache.rates;
    let fresh: Rates = { ...FALLBACK_RATES, source: 'fallback' };
    if (deps.ratesUrl) {
      try {
        const res = await fetch(deps.ratesUrl, { signal: AbortSignal.timeout(5000) });
        const body = (await res.json()) as {
          rates?: Record<string, unknown>;
          date?: string;
          time_last_update_utc?: string;
        };
        const parsed = Object.fromEntries(
          Object.entries(body.rates ?? {}).filter(
            (e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0,
          ),
        );
        if (res.ok && parsed.USD === 1) {
          fresh = {
            base: 'USD',
            date: body.date ?? new Date(now()).toISOString().slice(0, 10),
            rates: parsed,
            source: 'provider',
          };
        }
      } catch (err) {
        log.warn({ err }, 'exchange-rate provider failed; using the shipped table');
      }
    }
    cache = { at: now(), rates: fresh };
    return fresh;
  }

  return {
    rates,

    /** The user's city and currency, from the IP when none is stored (docs/product.md#city-and-currency). */
    async profile(user: SessionUser, ip: string) {
      const s = await repo.settings(user.id);
      let city = s?.city || s?.guideCity || '';
      let currency = s?.currency ?? DEFAULT_CURRENCY;
      let multiplier = s?.currencyMultiplier ?? 1;
      if (!city) {
        const found = await detect(ip);
        city = found.city;
        if (found.currency && currency === DEFAULT_CURRENCY && multiplier === 1) {
          const rate = (await rates()).rates[found.currency];
          if (rate) {
            currency = found.currency;
            multiplier = rate;
          }
        }
      }
      return {
        city,
        currency,
        currencyMultiplier: multiplier,
        ...(user.role === 'guide' ? { verified: s?.verified ?? false } : {}),
      };
    },

    setCity: (user: SessionUser, city: string) => repo.setCity(user.id, city),
    /** The display currency at Lokal's rate: the client names the currency, never its rate. */
    async setCurrency(user: SessionUser, currency: string) {
      await repo.setCurrency(user.id, currency, (await rates()).rates[currency] ?? 1);
    },
    setLocale: (user: SessionUser, locale: Locale) => repo.setLocale(user.id, locale),
    /** At sign-in: the language the member saved, else the one they signed in with, now theirs. */
    adoptLocale: (userId: string, locale: Locale) => repo.adoptLocale(userId, locale),
  };
}

export type LocaleService = ReturnType<typeof createLocaleService>;

/** The app's one locale service: its exchange-rate cache is shared by every module that prices. */
export const localeOf = perApp((ctx: AppContext) =>
  createLocaleService({
    repo: createLocaleRepository(ctx.db),
    ratesUrl: ctx.config.exchangeRatesUrl,
    now: ctx.now,
    log: ctx.log,
  }),
);
