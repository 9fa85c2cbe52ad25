// `npm run bench:load`: 60 s of mixed traffic from 1,000 simulated users on loopback: browsing and
// search, profiles, favorites, chat (list, history, send), unread counts, notifications and bookings, for
// tourists and guides. Prints requests, p50, p95 and p99 per endpoint and the number of 5xx; exits 1 on any 5xx or
// network error, and marks each endpoint whose p95 is above BENCH_P95_MS (250).
// The users are made before the server starts by bench/chat/setup.ts (500 tourists and 500 guides, onboarded);
// everything after is the public API with each user's own session.
// Knobs: BENCH_SECONDS (60), BENCH_USERS (1000), BENCH_P95_MS (250), BENCH_THINK_MS (mean pause between a user's requests, 1200).
// BENCH_RESTART_DB=1 (under scripts/with-postgres.sh): PostgreSQL is stopped at half time for BENCH_OUTAGE_S (5) and
// started again; then only 503 answers count as allowed 5xx, and only between the stop and the first 200 after the
// start. Prints the p99 of the 503 answers and the time from the start to the first 200.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from '../scripts/node-flags.mjs';
import { freePort, stealTicks } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const USERS = Number(process.env.BENCH_USERS ?? 1000);
const P95_MS = Number(process.env.BENCH_P95_MS ?? 250);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1200);
const PAIRS = Math.ceil(USERS / 2);
const RESTART = process.env.BENCH_RESTART_DB === '1';
const OUTAGE_S = Number(process.env.BENCH_OUTAGE_S ?? 5);
if (RESTART && !process.env.LOKAL_PG_DATA) throw new Error('BENCH_RESTART_DB needs scripts/with-postgres.sh');
const engine = process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log(`[bench:load ${new Date().toISOString().slice(11, 19)}]`, ...a);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lokal-bench-load-'));
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SCALE: '1000',
  BENCH_PAIRS: String(PAIRS),
};
delete env.NODE_ENV;

log(`engine ${engine}, ${USERS} users for ${SECONDS} s`);
const setup = spawnSync(process.execPath, ['--import', 'tsx', 'bench/chat/setup.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (setup.status !== 0) throw new Error('user setup failed');
const server = spawn(process.execPath, [...NODE_FLAGS, 'scripts/start.mjs'], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
for (let i = 0; ; i++) {
  const up = await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (i > 900 || server.exitCode !== null) throw new Error('server did not start');
  await sleep(100);
}

/** Per endpoint template: latencies and status counts. */
const stats = new Map();
/** With BENCH_RESTART_DB: when the database was stopped, started, and each answer's time and status. */
const outage = { stoppedAt: Infinity, startedAt: Infinity, firstOkAt: Infinity, answers: [] };
function record(name, ms, status) {
  if (RESTART) {
    const at = performance.now();
    outage.answers.push({ at, ms, status });
    if (status >= 200 && status < 300 && at > outage.startedAt && at < outage.firstOkAt)
      outage.firstOkAt = at;
  }
  let s = stats.get(name);
  if (!s) {
    s = { ms: [], statuses: new Map() };
    stats.set(name, s);
  }
  s.ms.push(ms);
  s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
}

async function call(user, name, method, url, body) {
  const t = performance.now();
  let status = 0;
  let data = null;
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { cookie: user.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    status = res.status;
    data = await res.json().catch(() => null);
  } catch {
    status = 0; // a network error: counted as a failure
  }
  record(name, performance.now() - t, status);
  return { status, data };
}

async function signIn(email, userType) {
  const res = await fetch(`${base}/api/dev/mock-sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, userType }),
  });
  const json = await res.json();
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('lokal_session='))
    .split(';')[0];
  return { cookie, id: json.user.id, role: userType };
}

const t0 = performance.now();
const users = [];
for (let i = 0; i < PAIRS; i++) {
  users.push(await signIn(`bench-chat-tourist-${i}@bench.lokal.test`, 'tourist'));
  if (users.length < USERS) users.push(await signIn(`bench-chat-guide-${i}@bench.lokal.test`, 'guide'));
}
const guides = users.filter((u) => u.role === 'guide');
const guideIds = (await (await fetch(`${base}/api/guides/search?limit=50`)).json()).guides.map((g) => g.id);
log(`${users.length} users signed in in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const QUERIES = ['', 'art', 'lisbon', 'food', 'night', 'sofia', 'tokyo'];
const CATEGORIES = [undefined, 'Nightlife', 'Art & Culture', 'Food & Dining', 'History'];
const pick = (a) => a[Math.floor(Math.random() * a.length)];
let clientN = 0;

/** One tourist's session: browse, look at a guide, keep favorites, write to a bench guide. */
async function touristStep(u) {
  const r = Math.random();
  if (r < 0.3) {
    const q = pick(QUERIES);
    const c = pick(CATEGORIES);
    const qs = new URLSearchParams({ ...(q ? { q } : {}), ...(c ? { category: c } : {}) });
    return call(u, 'GET /api/guides/search', 'GET', `/api/guides/search?${qs}`);
  }
  if (r < 0.42) return call(u, 'GET /api/profiles/guide/:id', 'GET', `/api/profiles/guide/${pick(guideIds)}`);
  if (r < 0.5) {
    const id = pick(guideIds);
    const add = Math.random() < 0.6;
    return call(
      u,
      `POST /api/favorites/${add ? 'add' : 'remove'}`,
      'POST',
      `/api/favorites/${add ? 'add' : 'remove'}`,
      {
        profileId: id,
        profileType: 'guide',
        ...(add ? { profileName: 'Bench guide' } : {}),
      },
    );
  }
  if (r < 0.55) return call(u, 'GET /api/favorites', 'GET', '/api/favorites');
  if (r < 0.78) {
    if (!u.conversationId) {
      const g = guides[users.indexOf(u) % guides.length];
      const opened = await call(u, 'POST /api/chat/conversations', 'POST', '/api/chat/conversations', {
        guideId: g.id,
      });
      u.conversationId = opened.data?.id;
      g.conversationId ??= u.conversationId;
      return opened;
    }
    return call(u, 'POST /api/chat/send', 'POST', '/api/chat/send', {
      conversationId: u.conversationId,
      body: `Hello from the load test ${clientN}`,
      clientId: `load-${process.pid}-${clientN++}`,
    });
  }
  if (r < 0.86) return call(u, 'GET /api/chat/conversations', 'GET', '/api/chat/conversations');
  if (r < 0.92) return call(u, 'GET /api/chat/unread', 'GET', '/api/chat/unread');
  if (r < 0.96) return call(u, 'GET /api/notifications', 'GET', '/api/notifications');
  return call(u, 'GET /api/bookings', 'GET', '/api/bookings?scope=upcoming');
}

/** One guide's session: the tourists of the city, the top 3, messages and replies. */
async function guideStep(u) {
  const r = Math.random();
  if (r < 0.25) return call(u, 'GET /api/guides/tourists', 'GET', '/api/guides/tourists');
  if (r < 0.35) return call(u, 'GET /api/guides/top-tourists', 'GET', '/api/guides/top-tourists');
  if (r < 0.6) return call(u, 'GET /api/chat/conversations', 'GET', '/api/chat/conversations');
  if (r < 0.8 && u.conversationId) {
    if (Math.random() < 0.5) {
      return call(
        u,
        'GET /api/chat/conversations/:id/messages',
        'GET',
        `/api/chat/conversations/${u.conversationId}/messages`,
      );
    }
    return call(u, 'POST /api/chat/send', 'POST', '/api/chat/send', {
      conversationId: u.conversationId,
      body: `A reply from the load test ${clientN}`,
      clientId: `load-${process.pid}-${clientN++}`,
    });
  }
  if (r < 0.9) return call(u, 'GET /api/chat/unread', 'GET', '/api/chat/unread');
  return call(u, 'GET /api/bookings', 'GET', '/api/bookings?scope=upcoming');
}

const end = performance.now() + SECONDS * 1000;
const steal0 = stealTicks();
const pgCtl = (...args) => {
  const asPg = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const cmd = [...asPg, '/usr/lib/postgresql/15/bin/pg_ctl', '-D', process.env.LOKAL_PG_DATA, '-w', ...args];
  const r = spawnSync(cmd[0], cmd.slice(1), { stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`pg_ctl ${args.join(' ')} failed`);
};
const restarted = RESTART
  ? (async () => {
      await sleep((SECONDS * 1000) / 2);
      log('stopping PostgreSQL');
      outage.stoppedAt = performance.now();
      pgCtl('-m', 'fast', 'stop');
      await sleep(OUTAGE_S * 1000);
      pgCtl('-l', path.join(path.dirname(process.env.LOKAL_PG_DATA), 'log'), 'start');
      outage.startedAt = performance.now();
      log('PostgreSQL started again');
    })()
  : Promise.resolve();
log(`running ${SECONDS} s…`);
await Promise.all(
  users.map(async (u) => {
    // Spread the start so the first second is not a stampede.
    await sleep(Math.random() * THINK_MS);
    while (performance.now() < end) {
      await (u.role === 'tourist' ? touristStep(u) : guideStep(u));
      await sleep(THINK_MS * (0.5 + Math.random()));
    }
  }),
);

await restarted;

// The CPU a shared host took from this machine meanwhile: the closed loop serves less when it is high.
const stealPct = ((stealTicks() - steal0) / 100 / SECONDS) * 100;
const q = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const rows = [];
let total = 0;
let failures = 0;
// With a restart, a 503 between the stop and the first 200 after the start is the answer wanted.
const allowed = (code) => RESTART && code === 503;
for (const [name, s] of [...stats.entries()].sort((a, b) => b[1].ms.length - a[1].ms.length)) {
  const sorted = [...s.ms].sort((a, b) => a - b);
  const fivexx = [...s.statuses]
    .filter(([code]) => (code >= 500 && !allowed(code)) || code === 0)
    .reduce((n, [, c]) => n + c, 0);
  const other = [...s.statuses]
    .filter(([code]) => code >= 400 && code < 500)
    .map(([code, c]) => `${code}×${c}`);
  total += s.ms.length;
  failures += fivexx;
  rows.push({
    endpoint: name,
    requests: s.ms.length,
    'p50 ms': Number(q(sorted, 50).toFixed(1)),
    'p95 ms': Number(q(sorted, 95).toFixed(1)),
    'p99 ms': Number(q(sorted, 99).toFixed(1)),
    [`p95 ≤ ${P95_MS}`]: q(sorted, 95) <= P95_MS ? 'yes' : 'NO',
    '5xx/errors': fivexx,
    '4xx': other.join(' ') || '—',
  });
}
console.table(rows);
log(
  `${engine}: ${total} requests in ${SECONDS} s (${(total / SECONDS).toFixed(0)}/s) from ${users.length} users; 5xx or network errors: ${failures}; ` +
    `CPU taken by the host (steal): ${stealPct.toFixed(0)} % of one core`,
);

if (RESTART) {
  // A 503 must fall inside the outage: answered after the stop, before the first 200 after the start.
  const late = outage.answers.filter(
    (a) => a.status === 503 && (a.at < outage.stoppedAt || a.at > outage.firstOkAt),
  );
  const unavailable = outage.answers
    .filter((a) => a.status === 503)
    .map((a) => a.ms)
    .sort((a, b) => a - b);
  failures += late.length;
  // Every answer's time by when it was asked: before the stop, during the outage, after the first 200.
  const phase = (from, to) =>
    outage.answers
      .filter((a) => a.at - a.ms >= from && a.at - a.ms < to)
      .map((a) => a.ms)
      .sort((a, b) => a - b);
  for (const [name, ms] of [
    ['before the stop', phase(0, outage.stoppedAt)],
    ['during the outage', phase(outage.stoppedAt, outage.firstOkAt)],
    ['after the first 200', phase(outage.firstOkAt, Infinity)],
  ]) {
    log(
      `  asked ${name}: ${ms.length} answers, p50 ${q(ms, 50).toFixed(0)} ms, p99 ${q(ms, 99).toFixed(0)} ms, max ${(ms.at(-1) ?? 0).toFixed(0)} ms`,
    );
  }
  log(
    `restart: ${unavailable.length} answers 503, p99 ${q(unavailable, 99).toFixed(0)} ms, max ${(unavailable.at(-1) ?? 0).toFixed(0)} ms; ` +
      `first 200 ${((outage.firstOkAt - outage.startedAt) / 1000).toFixed(2)} s after the start; 503 outside the outage: ${late.length}`,
  );
}

const exited = new Promise((r) => server.once('exit', r));
server.kill('SIGTERM');
await exited;
rmSync(dataDir, { recursive: true, force: true });
if (failures > 0) process.exitCode = 1;
