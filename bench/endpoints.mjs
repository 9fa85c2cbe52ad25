// Every signed-in read endpoint and the page render of every signed-in screen, against a bare Node http server
// answering a constant JSON measured in the same run (the machine is shared and absolute figures drift), at two
// sizes of data: the demo data, then the same database grown by `seed:bench` (bench-data.ts: 100,000 guides,
// 100,000 tourists in one city, 1,000,000 messages, one guide with 20,000 conversations).
// autocannon, BENCH_CONNECTIONS (50) connections, BENCH_SECONDS (5) per row after a 1-second warm-up; the guide
// search page cache is off (BENCH_SEARCH_CACHE_MS=1000 measures the default, a page kept for a second), so every
// request reaches the database.
// Usage: node bench/endpoints.mjs                       (PGlite in a throw-away folder)
//        scripts/with-postgres.sh node bench/endpoints.mjs   (a throw-away PostgreSQL 15 cluster)
// Knobs: BENCH_SIZES=default,large (which sizes), BENCH_ONLY=word,word (rows whose name holds a word),
// BENCH_GUIDE_EMAIL (the guide signed in: the one seed:bench gives its 20,000 conversations), BENCH_JSON=1 adds
// one JSON line at the end (bench/run.mjs reads it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  benchRow,
  STAFF_EMAIL,
  sessionCookie,
  staffCookie,
  startBareServer,
  startBuiltServer,
} from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const SIZES = (process.env.BENCH_SIZES ?? 'default,large').split(',').filter(Boolean);
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const TOURIST_EMAIL = process.env.BENCH_TOURIST_EMAIL ?? 'james.whitfield@demo.lokal.app';
const GUIDE_EMAIL = process.env.BENCH_GUIDE_EMAIL ?? 'sofia.martinez@demo.lokal.app';
const engine = process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite';
const log = (...a) => console.log(`[bench:endpoints ${new Date().toISOString().slice(11, 19)}]`, ...a);

const load = (url, headers, duration) => autocannon({ url, headers, connections: CONNECTIONS, duration });

/** The rows to measure: [kind, name, path, who]; kind is 'status' (the cheap ones), 'read' or 'page'. */
async function targets(base, as) {
  const get = (p, who) => fetch(`${base}${p}`, { headers: as[who] }).then((r) => r.json());
  const conversations = await get('/api/chat/conversations', 'tourist');
  const conversationId = conversations.conversations?.[0]?.id;
  const sofia = await get('/api/pages/guides/sofia-martinez', 'tourist');
  const guideId = sofia.preview?.id;
  return [
    ['status', 'GET /api/health', '/api/health', null],
    ['status', 'GET /api/users/status (tourist)', '/api/users/status', 'tourist'],
    ['status', 'GET /api/users/status (guide)', '/api/users/status', 'guide'],
    ['read', 'GET /api/guides/search (uncached)', '/api/guides/search', 'tourist'],
    ['read', 'GET /api/favorites', '/api/favorites', 'tourist'],
    ['read', 'GET /api/chat/conversations (tourist)', '/api/chat/conversations', 'tourist'],
    ['read', 'GET /api/chat/unread (tourist)', '/api/chat/unread', 'tourist'],
    ...(conversationId
      ? [
          [
            'read',
            'GET /api/chat/…/messages (tourist)',
            `/api/chat/conversations/${conversationId}/messages`,
            'tourist',
          ],
        ]
      : []),
    ['read', 'GET /api/notifications (tourist)', '/api/notifications', 'tourist'],
    ['read', 'GET /api/bookings (tourist)', '/api/bookings', 'tourist'],
    ['read', 'GET /api/tourists/me', '/api/tourists/me', 'tourist'],
    ['read', 'GET /api/users/settings (tourist)', '/api/users/settings', 'tourist'],
    ['read', 'GET /api/pages/guides/:slug', '/api/pages/guides/sofia-martinez', 'tourist'],
    ...(guideId
      ? [['read', 'GET /api/profiles/guide/:id/reviews', `/api/profiles/guide/${guideId}/reviews`, 'tourist']]
      : []),
    ['read', 'GET /api/guides/tourists (dashboard)', '/api/guides/tourists', 'guide'],
    ['read', 'GET /api/guides/top-tourists (top 3)', '/api/guides/top-tourists', 'guide'],
    ['read', 'GET /api/chat/conversations (guide)', '/api/chat/conversations', 'guide'],
    ['read', 'GET /api/bookings (guide)', '/api/bookings', 'guide'],
    ['read', 'GET /api/notifications (guide)', '/api/notifications', 'guide'],
    ['read', 'GET /api/experiences/mine', '/api/experiences/mine', 'guide'],
    ['read', 'GET /api/availability', '/api/availability', 'guide'],
    ['read', 'GET /api/guides/me', '/api/guides/me', 'guide'],
    ['read', 'GET /api/admin/users (staff)', '/api/admin/users', 'staff'],
    ['read', 'GET /api/admin/reports (staff)', '/api/admin/reports', 'staff'],
    ['read', 'GET /api/admin/verifications (staff)', '/api/admin/verifications', 'staff'],
    ['read', 'GET /api/admin/audit (staff)', '/api/admin/audit', 'staff'],
    ['page', 'page /tourist/home', '/tourist/home', 'tourist'],
    ['page', 'page /tourist/chats', '/tourist/chats', 'tourist'],
    ['page', 'page /tourist/bookings', '/tourist/bookings', 'tourist'],
    ['page', 'page /tourist/favorites', '/tourist/favorites', 'tourist'],
    ['page', 'page /tourist/settings', '/tourist/settings', 'tourist'],
    ['page', 'page /guides/:slug (tourist)', '/guides/sofia-martinez', 'tourist'],
    ['page', 'page /guide/home', '/guide/home', 'guide'],
    ['page', 'page /guide/chats', '/guide/chats', 'guide'],
    ['page', 'page /guide/bookings', '/guide/bookings', 'guide'],
    ['page', 'page /guide/top-tourists', '/guide/top-tourists', 'guide'],
    ['page', 'page /guide/settings', '/guide/settings', 'guide'],
    ['page', 'page /admin', '/admin', 'staff'],
  ].filter(([, name]) => !ONLY.length || ONLY.some((w) => name.includes(w)));
}

/** The floor of a row on PostgreSQL; PGlite, the embedded engine, needs half of it. */
function floorOf(kind, pg) {
  const floor = kind === 'status' ? 0.15 : kind === 'page' ? 0.03 : 0.05;
  return pg ? floor : floor / 2;
}

async function measure(size, dataDir) {
  const server = await startBuiltServer({
    SEARCH_CACHE_MS: process.env.BENCH_SEARCH_CACHE_MS ?? '0',
    DATA_DIR: dataDir,
  });
  const rows = [];
  try {
    const cookie = (token) => ({ cookie: `lokal_session=${token}` });
    const as = {
      tourist: cookie(await sessionCookie(server.url, { email: TOURIST_EMAIL, userType: 'tourist' })),
      guide: cookie(await sessionCookie(server.url, { email: GUIDE_EMAIL, userType: 'guide' })),
      staff: cookie(await staffCookie(server.url, dataDir, STAFF_EMAIL)),
    };
    const bare = await startBareServer();
    try {
      await load(`${bare.url}/`, {}, 1);
      const baseline = (await load(`${bare.url}/`, {}, DURATION)).requests.average;
      rows.push({
        size,
        kind: 'baseline',
        ...benchRow(
          'bare Node http (baseline)',
          { requests: { average: baseline }, latency: {}, errors: 0, non2xx: 0 },
          baseline,
        ),
      });
      for (const [kind, name, p, who] of await targets(server.url, as)) {
        const headers = who ? as[who] : {};
        await load(`${server.url}${p}`, headers, 1);
        const r = await load(`${server.url}${p}`, headers, DURATION);
        const row = { size, kind, ...benchRow(name, r, baseline) };
        row.floor = floorOf(kind, engine === 'PostgreSQL');
        rows.push(row);
        log(size, name, row['req/s'], `${row['÷ bare Node']} ×`, `p99 ${row['p99 ms']} ms`);
      }
    } finally {
      bare.stop();
    }
  } finally {
    await server.stop();
  }
  return rows;
}

const ownData = !process.env.DATA_DIR;
const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'lokal-bench-endpoints-'));
const rows = [];
try {
  for (const size of SIZES) {
    if (size === 'large') {
      log(`growing the ${engine} database with seed:bench…`);
      const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'bench/data/bench-cli.ts'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        stdio: 'inherit',
      });
      if (seeded.status !== 0) throw new Error('bench seed failed');
    }
    log(`${engine}, ${size} size`);
    rows.push(...(await measure(size, dataDir)));
  }
} finally {
  if (ownData) rmSync(dataDir, { recursive: true, force: true });
}
console.table(rows.map(({ floor, ...r }) => ({ ...r, 'floor ×': floor ?? '' })));
if (process.env.BENCH_JSON === '1') console.log(`BENCH_JSON ${JSON.stringify({ engine, rows })}`);
