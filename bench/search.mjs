// Search throughput and latency over 100,000 guides: autocannon against GET /api/health (the baseline) and the
// guide search, BENCH_CONNECTIONS (50) connections, BENCH_SECONDS (10) each.
// Usage: node bench/search.mjs                       (PGlite in a throw-away folder, seeded first)
//        scripts/with-postgres.sh node bench/search.mjs   (a throw-away PostgreSQL 15 cluster)
//        DATA_DIR=… BENCH_SEED=0 node bench/search.mjs    (data already loaded by npm run seed:bench)
// The server reuses a search page for the same query for SEARCH_CACHE_MS (1 s): the fixed-URL rows measure that
// path, as a crowd asking the same popular question would. The last row asks a different name on every
// request (`q=bench<random>`, 100,000 possibilities), so nearly every request reaches the database; run with
// SEARCH_CACHE_MS=0 to see every row uncached.
// BENCH_JSON=1 prints the rows as one JSON line at the end (bench/run.mjs reads it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startBuiltServer } from './js-size.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const engine = process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite';
const ownData = !process.env.DATA_DIR;
const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'lokal-bench-search-'));

if (process.env.BENCH_SEED !== '0') {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/db/seed/bench-cli.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('bench seed failed');
}

const server = await startBuiltServer({ DATA_DIR: dataDir });
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
const rows = [];
let baseline = 0;
try {
  for (const [name, url] of targets) {
    const r = await autocannon({
      url: server.url + (url ?? '/api/guides/search'),
      connections: CONNECTIONS,
      duration: DURATION,
      ...(url ? {} : { requests: varied }),
    });
    if (!baseline) baseline = r.requests.average;
    rows.push({
      engine,
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
  if (ownData) rmSync(dataDir, { recursive: true, force: true });
}
console.table(rows);
if (process.env.BENCH_JSON === '1') console.log(`BENCH_JSON ${JSON.stringify(rows)}`);
