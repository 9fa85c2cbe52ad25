// Finding guides by where and when over 100,000 guides (BENCH_GUIDES), each with one or two published
// experiences, a weekly schedule, a daily maximum, blocked days and bookings (the bench seed): autocannon against a
// bare Node http server answering a constant JSON (the baseline, same run) and GET /api/guides/search with a date
// filter, uncached (SEARCH_CACHE_MS=0, so every request reaches the database), first on one connection (latency)
// then on BENCH_CONNECTIONS (50) connections (throughput ÷ the baseline), BENCH_SECONDS (8) each after a 2-second
// warm-up. Each request asks another date of the next weeks. Then prints EXPLAIN (ANALYZE, BUFFERS) of the dated
// first page. PGlite in a throw-away folder; `scripts/with-postgres.sh node bench/finding.mjs` for PostgreSQL.
// DATA_DIR=… BENCH_SEED=0 reuses data already loaded (seeding 100,000 guides takes minutes). BENCH_JSON=1 adds one
// JSON line. The "Best match" rows (decision 037) sign in bench travellers (the development sign-in), one with the
// "Travel style" quiz and one without, and sort the undated search by their match; BENCH_ROWS=match runs only
// the baseline and those rows.
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
  const seeded = tsx('bench/data/bench-cli.ts');
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

class Done extends Error {}

/** A bench traveller's session cookie through the development sign-in; with the quiz when `quiz` is set. */
async function traveller(base, n, quiz) {
  const res = await fetch(`${base}/api/dev/mock-sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench.tourist.${n}@bench.lokal.app`, userType: 'tourist' }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (quiz) {
    const saved = await fetch(`${base}/api/tourists/travel-style`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify({
        languages: ['English', 'Spanish'],
        experiences: ['Pub Crawls', 'Art & Museums'],
        musicPreference: { rap: 2, techno: 5, rock: 3 },
        drinks: true,
        cannabisComfort: 2,
        politicalJokes: 4,
        animeKdrama: 'no',
        pace: 4,
      }),
    });
    if (!saved.ok) throw new Error(`travel style: ${saved.status} ${await saved.text()}`);
  }
  return cookie;
}

/** "Best match" over every bench guide, with and without the quiz, uncached. */
async function measureBestMatch(base) {
  const url = `${base}/api/guides/search?sort=best_match`;
  for (const [name, quiz] of [
    ['with the quiz', true],
    ['from the profile', false],
  ]) {
    const cookie = await traveller(base, quiz ? 1 : 2, quiz);
    const sample = await (await fetch(url, { headers: { cookie } })).json();
    console.log(`${engine}: best match ${name}, first: ${JSON.stringify(sample.guides?.[0]?.match)}`);
    const headers = { cookie };
    await measure(`search, best match ${name}, 1 connection (uncached)`, url, 1, undefined, headers);
    await measure(
      `search, best match ${name}, ${CONNECTIONS} connections (uncached)`,
      url,
      CONNECTIONS,
      undefined,
      headers,
    );
  }
}

const bare = await startBareServer();
const rows = [];
let baseline = 0;
async function measure(name, url, connections, requests, headers) {
  await autocannon({ url, connections, duration: 2, requests, headers });
  const r = await autocannon({ url, connections, duration: DURATION, requests, headers });
  if (!baseline) baseline = r.requests.average;
  rows.push({ engine, ...benchRow(name, r, baseline) });
}
let plan = '';
try {
  await measure('bare Node http (baseline)', `${bare.url}/`, CONNECTIONS);
  const server = await startBuiltServer({ DATA_DIR: dataDir, SEARCH_CACHE_MS: '0' });
  try {
    await measureBestMatch(server.url);
    if (process.env.BENCH_ROWS === 'match') throw new Done();
    const sample = await (await fetch(`${server.url}/api/guides/search?date=${day(14)}&limit=12`)).json();
    console.log(`${engine}: the dated first page holds ${sample.guides.length} guides`);
    const url = `${server.url}/api/guides/search`;
    await measure('search, date, 1 connection (uncached)', url, 1, dated());
    for (const [name, extra] of shapes) {
      await measure(`search, ${name}, ${CONNECTIONS} connections (uncached)`, url, CONNECTIONS, dated(extra));
    }
  } catch (e) {
    if (!(e instanceof Done)) throw e;
  } finally {
    await server.stop();
  }
  for (const query of [`date=${day(14)}`, `date=${day(14)}&city=Lisbon&party=3&sort=rating`]) {
    const explained = tsx('bench/data/bench-explain.ts', [query]);
    plan += `EXPLAIN (ANALYZE, BUFFERS) on ${engine}, ${query}:\n${explained.stdout ?? ''}\n`;
  }
  console.log(plan);
} finally {
  bare.stop();
  if (ownData) rmSync(dataDir, { recursive: true, force: true });
}
console.table(rows);
if (process.env.BENCH_JSON === '1') console.log(`BENCH_JSON ${JSON.stringify(rows)}`);
