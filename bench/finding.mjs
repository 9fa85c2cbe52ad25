// Finding guides by where and when over 100,000 guides (BENCH_GUIDES), each with one or two published
// experiences, a weekly schedule, a daily maximum, blocked days and bookings (the bench seed): autocannon against a
// bare Node http server answering a constant JSON (the baseline, same run) and GET /api/guides/search with a date
// filter, uncached (SEARCH_CACHE_MS=0, so every request reaches the database), first on one connection (latency)
// then on BENCH_CONNECTIONS (50) connections (throughput ÷ the baseline), BENCH_SECONDS (8) each after a 2-second
// warm-up. Each request asks another date of the next weeks. Then prints EXPLAIN (ANALYZE, BUFFERS) of the dated
// first page. PGlite in a throw-away folder; `scripts/with-postgres.sh node bench/finding.mjs` for PostgreSQL.
// DATA_DIR=… BENCH_SEED=0 reuses data already loaded (seeding 100,000 guides takes minutes). BENCH_JSON=1 adds one
// JSON line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchRow, startBareServer, startBuiltServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const engine = process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite';
const ownData = !process.env.DATA_DIR;
const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'lokal-bench-finding-'));
const tsx = (script, args = []) =>
  spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });

if (process.env.BENCH_SEED !== '0') {
  const seeded = tsx('apps/server/src/db/seed/bench-cli.ts');
  process.stdout.write(seeded.stdout ?? '');
  if (seeded.status !== 0) throw new Error('bench seed failed');
}

const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** Each request another date, 7 to 27 days ahead, and optionally more filters. */
const dated = (extra = '') => [
  {
    method: 'GET',
    setupRequest: (req) => ({
      ...req,
      path: `/api/guides/search?date=${day(7 + Math.floor(Math.random() * 21))}${extra}`,
    }),
  },
];
const shapes = [
  ['date', ''],
  ['date + party 3', '&party=3'],
  ['date + city + party 3, by rating', '&city=Lisbon&party=3&sort=rating'],
];

const bare = await startBareServer();
const rows = [];
let baseline = 0;
async function measure(name, url, connections, requests) {
  await autocannon({ url, connections, duration: 2, requests });
  const r = await autocannon({ url, connections, duration: DURATION, requests });
  if (!baseline) baseline = r.requests.average;
  rows.push({ engine, ...benchRow(name, r, baseline) });
}
let plan = '';
try {
  await measure('bare Node http (baseline)', `${bare.url}/`, CONNECTIONS);
  const server = await startBuiltServer({ DATA_DIR: dataDir, SEARCH_CACHE_MS: '0' });
  try {
    const sample = await (await fetch(`${server.url}/api/guides/search?date=${day(14)}&limit=12`)).json();
    console.log(`${engine}: the dated first page holds ${sample.guides.length} guides`);
    const url = `${server.url}/api/guides/search`;
    await measure('search, date, 1 connection (uncached)', url, 1, dated());
    for (const [name, extra] of shapes) {
      await measure(`search, ${name}, ${CONNECTIONS} connections (uncached)`, url, CONNECTIONS, dated(extra));
    }
  } finally {
    await server.stop();
  }
  for (const query of [`date=${day(14)}`, `date=${day(14)}&city=Lisbon&party=3&sort=rating`]) {
    const explained = tsx('apps/server/src/db/seed/bench-explain.ts', [query]);
    plan += `EXPLAIN (ANALYZE, BUFFERS) on ${engine}, ${query}:\n${explained.stdout ?? ''}\n`;
  }
  console.log(plan);
} finally {
  bare.stop();
  if (ownData) rmSync(dataDir, { recursive: true, force: true });
}
console.table(rows);
if (process.env.BENCH_JSON === '1') console.log(`BENCH_JSON ${JSON.stringify(rows)}`);
