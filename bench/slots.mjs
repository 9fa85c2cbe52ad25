// Slots for 62 days of an experience whose guide holds 500 bookings: autocannon against a bare Node http server
// answering a constant JSON (the baseline, same run) and GET /api/experiences/:id/slots, first on one
// connection (latency: p99) then on BENCH_CONNECTIONS (50) connections (throughput ÷ the baseline), BENCH_SECONDS
// (8) each after a 2-second warm-up, as served (SLOTS_CACHE_MS, 1 s) and uncached, on the built app (PGlite in a throw-away folder;
// `scripts/with-postgres.sh node bench/slots.mjs` for PostgreSQL). BENCH_JSON=1 adds one JSON line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchRow, sessionCookie, startBareServer, startBuiltServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const BOOKINGS = 500;
const GUIDE = 'sofia.martinez@demo.lokal.app';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lokal-bench-slots-'));

// The demo data and a guide calendar of 500 accepted bookings (no bulk guides: this bench is about one calendar).
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'bench/data/bench-cli.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BENCH_GUIDES: '0',
    BENCH_TOURISTS: '0',
    BENCH_BUSY_GUIDE: `${GUIDE}:${BOOKINGS}`,
  },
  stdio: 'inherit',
});
if (seeded.status !== 0) throw new Error('bench seed failed');

const load = (url, connections, duration, headers = {}) =>
  autocannon({ url, connections, duration, headers });
const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const bare = await startBareServer();
const rows = [];
let baseline = 0;
async function measure(name, url, connections) {
  await load(url, connections, 2);
  const r = await load(url, connections, DURATION);
  if (!baseline) baseline = r.requests.average;
  rows.push(benchRow(name, r, baseline));
}
try {
  await measure('bare Node http (baseline)', `${bare.url}/`, CONNECTIONS);
  // As served (one second of reuse per process, SLOTS_CACHE_MS) and with the reuse off, so every request
  // computes. One server at a time on the same data (PGlite allows one process).
  for (const [mode, env] of [
    ['as served', {}],
    ['uncached', { SLOTS_CACHE_MS: '0' }],
  ]) {
    const server = await startBuiltServer({ DATA_DIR: dataDir, ...env });
    try {
      const token = await sessionCookie(server.url, { email: GUIDE, userType: 'guide' });
      const me = await (
        await fetch(`${server.url}/api/guides/me`, { headers: { cookie: `lokal_session=${token}` } })
      ).json();
      const { experiences } = await (
        await fetch(`${server.url}/api/guides/${me.profile.id}/experiences`)
      ).json();
      const slotsUrl = `${server.url}/api/experiences/${experiences[0].id}/slots?from=${day(1)}&to=${day(62)}`;
      const sample = await (await fetch(slotsUrl)).json();
      console.log(
        `${mode}: ${sample.slots.length} slots over 62 days (the guide holds ${BOOKINGS} bookings)`,
      );
      await measure(`slots, 62 days, 1 connection (${mode})`, slotsUrl, 1);
      await measure(`slots, 62 days, ${CONNECTIONS} connections (${mode})`, slotsUrl, CONNECTIONS);
    } finally {
      await server.stop();
    }
  }
} finally {
  bare.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.table(rows);
if (process.env.BENCH_JSON === '1') console.log(`BENCH_JSON ${JSON.stringify(rows)}`);
