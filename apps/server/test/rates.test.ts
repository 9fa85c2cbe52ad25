import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openTestDatabase, testConfig } from './helper.ts';

// A stand-in exchange-rate provider on loopback, counting how often it is asked.
let hits = 0;
let answer: object = { date: '2026-11-21', rates: { USD: 1, EUR: 0.9, GBP: 0.8 } };
const provider = createServer((_req, res) => {
  hits++;
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
});
let url = '';
let clock = Date.now();

beforeAll(async () => {
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  const a = provider.address();
  url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/latest/USD`;
});
afterAll(() => new Promise<void>((r) => provider.close(() => r())));

describe('exchange rates from a configured provider', () => {
  it('uses the provider, caches for a day, and falls back to the shipped table on a bad answer', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ ...testConfig(), exchangeRatesUrl: url }, { database, now: () => clock });
    try {
      const first = (await app.inject({ url: '/api/exchange-rates' })).json();
      expect(first).toEqual({
        base: 'USD',
        date: '2026-11-21',
        rates: { USD: 1, EUR: 0.9, GBP: 0.8 },
        source: 'provider',
      });
      await app.inject({ url: '/api/exchange-rates' });
      expect(hits).toBe(1);

      answer = { rates: { EUR: 'lots' } };
      clock += 24 * 60 * 60 * 1000 + 1;
      const later = (await app.inject({ url: '/api/exchange-rates' })).json();
      expect(hits).toBe(2);
      expect(later).toMatchObject({ source: 'fallback', date: '2026-11-01' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
