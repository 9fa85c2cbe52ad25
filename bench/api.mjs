// Signed-in read endpoints against a bare Node http server answering a constant JSON, measured in the same run
// (the machine is shared and absolute figures drift): autocannon, BENCH_CONNECTIONS (50) connections,
// BENCH_SECONDS (8) per row after a 2-second warm-up, on the built app with the demo data (PGlite in a
// throw-away folder; `scripts/with-postgres.sh node bench/api.mjs` for PostgreSQL).
// Usage: node bench/api.mjs   (prints req/s, ÷ bare Node, p50 and p99 per row; BENCH_JSON=1 adds one JSON line;
// BENCH_ONLY=search,notifications measures only the rows whose name holds one of the words)
import autocannon from 'autocannon';
import { benchRow, sessionCookie, startBareServer, startBuiltServer } from './lib/server.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);

const load = (url, headers, duration) => autocannon({ url, headers, connections: CONNECTIONS, duration });

const bare = await startBareServer();
const server = await startBuiltServer({ SEARCH_CACHE_MS: '0' });
const rows = [];
try {
  const tourist = await sessionCookie(server.url, {
    email: 'james.whitfield@demo.lokal.app',
    userType: 'tourist',
  });
  const guide = await sessionCookie(server.url, {
    email: 'sofia.martinez@demo.lokal.app',
    userType: 'guide',
  });
  const as = (token) => ({ cookie: `lokal_session=${token}` });
  const targets = [
    ['bare Node http (baseline)', `${bare.url}/`, {}],
    ['GET /api/health', `${server.url}/api/health`, {}],
    ['GET /api/users/status (tourist)', `${server.url}/api/users/status`, as(tourist)],
    ['GET /api/favorites (tourist)', `${server.url}/api/favorites`, as(tourist)],
    ['GET /api/guides/search (uncached)', `${server.url}/api/guides/search`, as(tourist)],
    ['GET /api/chat/conversations (tourist)', `${server.url}/api/chat/conversations`, as(tourist)],
    ['GET /api/notifications (tourist)', `${server.url}/api/notifications`, as(tourist)],
    ['GET /api/guides/tourists (guide)', `${server.url}/api/guides/tourists`, as(guide)],
    ['GET /api/guides/top-tourists (guide)', `${server.url}/api/guides/top-tourists`, as(guide)],
    ['GET /api/chat/conversations (guide)', `${server.url}/api/chat/conversations`, as(guide)],
  ];
  // BENCH_ONLY=search,notifications measures the baseline and the rows whose name holds one of the words.
  const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
  const chosen = targets.filter(([name], i) => i === 0 || !only.length || only.some((w) => name.includes(w)));
  let baseline = 0;
  for (const [name, url, headers] of chosen) {
    await load(url, headers, 2);
    const r = await load(url, headers, DURATION);
    if (!baseline) baseline = r.requests.average;
    rows.push(benchRow(name, r, baseline));
  }
} finally {
  await server.stop();
  bare.stop();
}
console.table(rows);
if (process.env.BENCH_JSON === '1') console.log(`BENCH_JSON ${JSON.stringify(rows)}`);
