// Search throughput and latency over the bench data (npm run seed:bench first, same DATA_DIR/DATABASE_URL).
// Starts the built server, then autocannon: GET /api/health (baseline) and the guide search (BENCH_CONNECTIONS, default 50).
// Usage: DATA_DIR=/tmp/benchdata node bench/search.mjs   (or DATABASE_URL=postgres://… node bench/search.mjs)
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

const PORT = Number(process.env.BENCH_PORT ?? 3999);
const base = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const engine = process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite';

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
for (let i = 0; i < 300; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 100));
}

const targets = [
  ['health (baseline)', '/api/health'],
  ['search: first page', '/api/guides/search'],
  ['search: q=sofia', '/api/guides/search?q=sofia'],
  ['search: q=bench12 (rare)', '/api/guides/search?q=bench12345'],
  ['search: category + city', '/api/guides/search?category=Nightlife&city=Lisbon'],
  ['search: language + price', '/api/guides/search?language=French&maxPrice=80'],
];
const rows = [];
let baseline = 0;
for (const [name, path] of targets) {
  const r = await autocannon({
    url: base + path,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    duration: DURATION,
  });
  if (!baseline) baseline = r.requests.average;
  rows.push({
    engine,
    endpoint: name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p90 ms': r.latency.p90,
    'p99 ms': r.latency.p99,
    '÷ baseline': (r.requests.average / baseline).toFixed(2),
    errors: r.errors + r.non2xx,
  });
}
console.table(rows);
server.kill('SIGTERM');
