// Search throughput and latency over 100,000 guides: autocannon against GET /api/health (the baseline) and the
// guide search, BENCH_CONNECTIONS (50) connections, BENCH_SECONDS (10) each, after a 2-second warm-up of each.
// Usage: node bench/search.mjs                       (PGlite in a throw-away folder, seeded first)
//        scripts/with-postgres.sh node bench/search.mjs   (a throw-away PostgreSQL 15 cluster)
//        DATA_DIR=… BENCH_SEED=0 node bench/search.mjs    (data already loaded by npm run seed:bench)
// Every row is measured twice: as served, with the one-second page cache (SEARCH_CACHE_MS, decision 015), and
// with the cache off, so every request reaches the database. The cached pass adds a row that asks a different
// name on every request (`q=bench<random>`, 100,000 possibilities), which the cache cannot answer.
// BENCH_JSON=1 prints the rows as one JSON line at the end (bench/run.mjs reads it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startBuiltServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const engine = process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite';
const ownData = !process.env.DATA_DIR;
const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'lokal-bench-search-'));

if (process.env.BENCH_SEED !== '0') {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'bench/data/bench-cli.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('bench seed failed');
}

const targets = [
  ['health (baseline)', '/api/health'],
  ['search: first page', '/api/guides/search'],
  ['search: q=sofia', '/api/guides/search?q=sofia'],
  ['search: q=bench12345 (rare)', '/api/guides/search?q=bench12345'],
  ['search: category + city', '/api/guides/search?category=Nightlife&city=Lisbon'],
  ['search: language + price', '/api/guides/search?language=French&maxPrice=80'],
  ['search: a new name each request', null],
];
// A different guide name each request, so the page cache cannot answer.
const varied = [
  {
    method: 'GET',
    setupRequest: (req) => ({
      ...req,
      path: `/api/guides/search?q=bench${Math.floor(Math.random() * 100_000)}`,
    }),
  },
];
/** autocannon on one target; a target without a URL is the search with a different name on every request. */
const load = (base, url, duration) =>
  autocannon({
    url: base + (url ?? '/api/guides/search'),
    connections: CONNECTIONS,
    duration,
    ...(url ? {} : { requests: varied }),
  });

// Each row twice: as served (the page cache on, SEARCH_CACHE_MS = 1 s) and with the cache off, so every
// request reaches the database. One server at a time on the same data (PGlite allows one process).
const modes = [
  ['cached', {}],
  ['uncached', { SEARCH_CACHE_MS: '0' }],
];
const rows = [];
try {
  for (const [mode, env] of modes) {
    const server = await startBuiltServer({ DATA_DIR: dataDir, ...env });
    const measured = targets.filter(([, url]) => url || mode === 'cached');
    try {
      // Warm up first (JIT, the database pool, PostgreSQL's caches): measured cold, the baseline, which goes
      // first, came out lower than some searches.
      for (const [, url] of measured) await load(server.url, url, 2);
      let baseline = 0;
      for (const [name, url] of measured) {
        const r = await load(server.url, url, DURATION);
        if (!baseline) baseline = r.requests.average;
        rows.push({
          engine,
          mode,
          endpoint: name,
          'req/s': Math.round(r.requests.average),
          'p50 ms': r.latency.p50,
          'p99 ms': r.latency.p99,
          '÷ baseline': Number((r.requests.average / baseline).toFixed(2)),
          errors: r.errors + r.non2xx,
        });
      }
    } finally {
      await server.stop();
    }
  }
} finally {
  if (ownData) rmSync(dataDir, { recursive: true, force: true });
}
console.table(rows);
if (process.env.BENCH_JSON === '1') console.log(`BENCH_JSON ${JSON.stringify(rows)}`);
