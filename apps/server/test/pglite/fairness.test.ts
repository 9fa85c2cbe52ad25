import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helper.ts';

// PGlite runs in the server's thread (docs/decisions/078-database-access.md). Under a steady stream of queries
// a new connection must still be answered promptly: the database's work must leave the event loop its turns.
// The test counts in searches, not seconds, so a slow or busy machine slows both sides alike: while one health
// check waits, a few rounds of the 100 clients finish at most (about one and a half here). (Run on PGlite only:
// on PostgreSQL the queries leave the thread, and the pool's own queue is another matter.)
let t: Awaited<ReturnType<typeof createTestApp>>;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { searchCacheMs: 0 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** GET on a connection of its own; resolves when the full answer is in. */
function freshGet(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      })
      .on('error', reject);
  });
}

/** Ten rounds of the searching clients. */
const LIMIT = 1000;

describe('the server on PGlite under a steady database load', () => {
  it('answers a new connection while 100 clients keep searching, before ten rounds of them are through', async () => {
    let running = true;
    let searches = 0;
    // Resolves once this many searches are done: the health check is given up as waiting behind them.
    let giveUp = { at: Number.POSITIVE_INFINITY, resolve: () => {} };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
    const searchLoop = async () => {
      while (running) {
        await new Promise<void>((resolve, reject) => {
          const q = `x${Math.floor(Math.random() * 1e6)}`;
          http
            .get(`${base}/api/guides/search?q=${q}`, { agent }, (res) => {
              res.resume();
              res.on('end', () => resolve());
            })
            .on('error', reject);
        });
        searches++;
        if (searches >= giveUp.at) giveUp.resolve();
      }
    };
    const loops = Array.from({ length: 100 }, searchLoop);
    try {
      // The load made steady first: in its first second or so (100 connections opening, the search's and the
      // health check's code still being optimised) a check waits far longer than once the load is steady.
      await new Promise((r) => setTimeout(r, 1500));
      await freshGet(`${base}/api/health`);
      // How many searches finish while each health check waits.
      const waits: number[] = [];
      for (let i = 0; i < 5; i++) {
        const before = searches;
        const tooLong = new Promise<void>((resolve) => {
          giveUp = { at: before + LIMIT, resolve };
        });
        await Promise.race([freshGet(`${base}/api/health`), tooLong]);
        waits.push(searches - before);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(searches).toBeGreaterThan(100);
      expect(Math.max(...waits), `searches done during each health check: ${waits.join(', ')}`).toBeLessThan(
        LIMIT,
      );
    } finally {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    }
  });
});
