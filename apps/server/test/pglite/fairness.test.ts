import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helper.ts';

// PGlite runs in the server's thread. Under a steady stream of queries a new connection must still be
// answered promptly: the database yields to the event loop (db/client.ts). Without that, the first health
// check here waited 3.5–5.4 s; with it, under 1 s. (Run on PGlite only: on PostgreSQL the queries leave the
// thread, and the pool's own queue is another matter.)
let t: Awaited<ReturnType<typeof createTestApp>>;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { searchCacheMs: 0 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** GET on a connection of its own; resolves with the time to the full answer. */
function freshGet(url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      })
      .on('error', reject);
  });
}

describe('the server on PGlite under a steady database load', () => {
  it('answers a new connection within 2 s while 100 clients keep searching', async () => {
    let running = true;
    let searches = 0;
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
      }
    };
    const loops = Array.from({ length: 100 }, searchLoop);
    try {
      await new Promise((r) => setTimeout(r, 500));
      const waits: number[] = [];
      for (let i = 0; i < 5; i++) {
        waits.push(await freshGet(`${base}/api/health`));
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(searches).toBeGreaterThan(100);
      expect(Math.max(...waits), `health waits ${waits.map(Math.round).join(', ')} ms`).toBeLessThan(2000);
    } finally {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    }
  });
});
