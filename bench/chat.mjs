// `npm run bench:chat`: WebSocket chat under load. 1,000 clients (500 tourist–guide pairs, one
// conversation each, every client its own WebSocket) on one server process; 200 messages/s in total, evenly
// paced, for BENCH_SECONDS (default 60). Prints p50/p99 delivery latency (send → the recipient's `message`
// frame), ack latency, lost and duplicated messages and the server's memory per connection. Exits 1 when a
// message was lost or duplicated (or a send failed).
//
// How the users come to exist: the dev sign-in creates users, but not onboarded ones, and a tourist may only
// open a conversation with an onboarded guide. So bench/chat/setup.ts (run through tsx, like
// `npm run seed:bench`) opens the database with the server's own openDatabase(), migrates and inserts the
// 1,000 users with onboarding_completed = true *before* the server starts (PGlite allows one process per
// database). Everything after that is the public API: POST /api/dev/mock-sign-in for each user's cookie, the
// tourist opens the conversation with POST /api/chat/conversations, and the messages go over /api/ws.
//
// Database: a fresh temporary DATA_DIR (embedded PGlite) that is removed at the end, so ./data is never
// touched; with DATABASE_URL=postgres://… the server runs on that PostgreSQL instead
// (`scripts/with-postgres.sh node bench/chat.mjs` makes a throw-away cluster).
//
// Memory per connection: the server's RSS (/proc/<pid>/status) after sign-in and before the sockets, and
// again with the 1,000 sockets open and idle for 2 s, each time after two full garbage collections forced
// through the server's inspector (on a loopback port); (after − before) / 1,000. The JS heap in use is
// printed the same way. On PGlite the RSS also holds the embedded database's memory.
//
// Knobs: BENCH_SECONDS (60), BENCH_WARMUP_SECONDS (10), BENCH_RATE (200 msg/s), BENCH_PAIRS (500), BENCH_PORT (a free one),
// BENCH_SERVER_NODE_ARGS (extra node flags for the server process), BENCH_INSPECT=0 (no inspector, so no
// forced GC before the memory readings), BENCH_DUMP=file.csv (every message's latencies). BENCH_JSON=1 also
// prints the table as one JSON line (bench/run.mjs reads it).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from '../scripts/node-flags.mjs';
import { freePort, stealTicks } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `ws` is the server's dependency; resolve it from there.
const WebSocket = createRequire(path.join(root, 'apps/server/package.json'))('ws');

// A free port unless BENCH_PORT names one, so the bench never talks to another server by mistake.
const PORT = Number(process.env.BENCH_PORT ?? (await freePort()));
// The server runs with the inspector on a loopback port so the bench can force a full garbage collection
// before each memory reading (otherwise garbage from the sign-ins makes "per connection" noise, even negative).
const INSPECT_PORT = process.env.BENCH_INSPECT === '0' ? 0 : await freePort();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
// Before the timed window the same load runs for WARMUP_SECONDS, checked for loss and doubles like the rest but
// not timed: after the forced GCs of the memory readings (through the inspector) the server is slow for some
// seconds, which otherwise reads as a backlog of up to 3 s at the start (none with BENCH_INSPECT=0).
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 500);
const CLIENTS = PAIRS * 2;
const TICK_MS = 5;
// After the last send: wait until every message is acked, delivered and echoed, as long as something still
// arrives within STALL_MS and at most DRAIN_MS in all; what has not arrived by then counts as lost.
const STALL_MS = 10_000;
const DRAIN_MS = 120_000;
const TARGET_P99_MS = 50;
const base = `http://127.0.0.1:${PORT}`;
const origin = `http://localhost:${PORT}`;
const engine = process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite';
const runId = Date.now().toString(36);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log(`[bench:chat ${new Date().toISOString().slice(11, 19)}]`, ...a);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lokal-bench-chat-'));
const env = {
  ...process.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: origin,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SCALE: '1000',
  BENCH_PAIRS: String(PAIRS),
};
delete env.NODE_ENV; // the dev sign-in exists only outside production

let server;
let closing = false;
const clients = [];

async function cleanup() {
  for (const c of clients) c.ws.terminate();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(12_000)]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('SIGINT', () => cleanup().then(() => process.exit(130)));

// ---- /proc readings of the server process --------------------------------------------------------------
const CLK_TCK = 100;
function procStatus(pid) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(text.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
  return { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
}
function cpuTicks(pid) {
  // Fields after the ")" of the command name: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
}

/** Busy clock ticks of the whole machine (every process), from the first line of /proc/stat. */
function machineBusyTicks() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: everything but idle and iowait.
  return f.slice(0, 8).reduce((a, b) => a + b, 0) - f[3] - f[4];
}

/**
 * CPU ticks of a local PostgreSQL cluster (the postmaster listening on DATABASE_URL's port and its
 * backends), or null when it is not on this machine or not found.
 */
function postgresTicks() {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) return null;
  const port = new URL(url).port || '5432';
  const procs = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0');
      procs.push({ pid: d, ppid: f[1], ticks: Number(f[11]) + Number(f[12]), cmd });
    } catch {}
  }
  const master = procs.find((p) => p.cmd.some((a, i) => a === '-p' && p.cmd[i + 1] === port));
  if (!master) return null;
  return procs.filter((p) => p === master || p.ppid === master.pid).reduce((n, p) => n + p.ticks, 0);
}

/**
 * Through the server's inspector: two full garbage collections, then the JS heap in use (bytes). Null when the
 * inspector is off or does not answer (the memory figures are then taken without a forced collection).
 */
async function serverGc() {
  if (!INSPECT_PORT) return null;
  try {
    const [target] = await (await fetch(`http://127.0.0.1:${INSPECT_PORT}/json/list`)).json();
    const ws = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    let id = 0;
    const call = (method) =>
      new Promise((resolve) => {
        const my = ++id;
        const onMessage = (d) => {
          const m = JSON.parse(String(d));
          if (m.id !== my) return;
          ws.off('message', onMessage);
          resolve(m.result);
        };
        ws.on('message', onMessage);
        ws.send(JSON.stringify({ id: my, method }));
      });
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const { usedSize } = await call('Runtime.getHeapUsage');
    ws.close();
    await sleep(500); // let the freed pages go back before RSS is read
    return usedSize;
  } catch (err) {
    log(`no forced GC (${err.message}); memory figures include garbage`);
    return null;
  }
}

// ---- small helpers --------------------------------------------------------------------------------------
async function pool(items, concurrency, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}
function pct(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const ms = (v) => (Number.isFinite(v) ? Number(v.toFixed(1)) : '—');

async function api(method, url, { cookie, body } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: {
      origin,
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(json)}`);
  return { json, res };
}

async function signIn(email, userType) {
  const { json, res } = await api('POST', '/api/dev/mock-sign-in', { body: { email, userType } });
  const set = res.headers.getSetCookie().find((c) => c.startsWith('lokal_session='));
  if (!set) throw new Error(`no session cookie for ${email}`);
  return { id: json.user.id, cookie: set.split(';')[0], email, role: userType };
}

// ---- per-message bookkeeping ----------------------------------------------------------------------------
/** clientId → { k, warm, sender, recipient, conversationId, body, sentAt, ackAt, acks, deliveredAt, deliveries, echoes } */
const sent = new Map();
const counters = { errors: 0, closed: 0, unknownFrames: 0, alteredBodies: 0, wrongRouting: 0, presence: 0 };
const errorSamples = [];

function onFrame(client, data) {
  const now = performance.now();
  const frame = JSON.parse(String(data));
  if (frame.type === 'ack') {
    const rec = sent.get(frame.clientId);
    if (!rec) return void counters.unknownFrames++;
    if (rec.acks++ === 0) rec.ackAt = now;
  } else if (frame.type === 'message') {
    const m = frame.message;
    const rec = sent.get(m.clientId);
    if (!rec) return void counters.unknownFrames++;
    if (m.body !== rec.body) counters.alteredBodies++;
    if (m.senderId !== rec.sender.user.id || m.conversationId !== rec.conversationId) counters.wrongRouting++;
    if (client === rec.recipient) {
      if (rec.deliveries++ === 0) rec.deliveredAt = now;
    } else if (client === rec.sender) {
      rec.echoes++;
    } else {
      counters.wrongRouting++;
    }
  } else if (frame.type === 'error') {
    counters.errors++;
    if (errorSamples.length < 5) errorSamples.push(frame);
  } else if (frame.type === 'presence') {
    counters.presence++;
  }
}

function connect(user) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/api/ws`, {
      headers: { cookie: user.cookie, origin },
      perMessageDeflate: false,
    });
    const client = { user, ws, partner: null, conversationId: '' };
    ws.on('message', (d) => onFrame(client, d));
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
    ws.once('unexpected-response', (_q, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
    ws.on('close', () => {
      if (!closing) counters.closed++;
    });
  });
}

// ---- the run --------------------------------------------------------------------------------------------
let exitCode = 0;
try {
  log(`engine ${engine}, ${CLIENTS} clients, ${RATE} msg/s for ${SECONDS} s; data dir ${dataDir}`);
  const setup = spawnSync(process.execPath, ['--import', 'tsx', 'bench/chat/setup.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (setup.status !== 0) throw new Error('setup (bench/chat/setup.ts) failed');
  log('users ready; starting the server');

  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (INSPECT_PORT) nodeArgs.unshift(`--inspect=127.0.0.1:${INSPECT_PORT}`);
  server = spawn(process.execPath, [...NODE_FLAGS, ...nodeArgs, 'scripts/start.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let up = false;
  for (let i = 0; i < 1800 && server.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        up = true;
        break;
      }
    } catch {}
    await sleep(100);
  }
  if (!up) throw new Error('the server did not answer /api/health');
  const pid = server.pid;

  // Sign everyone in, then each tourist opens the conversation with its guide.
  let t = performance.now();
  const users = await pool([...Array(CLIENTS).keys()], 16, (i) => {
    const role = i % 2 === 0 ? 'tourist' : 'guide';
    return signIn(`bench-chat-${role}-${i >> 1}@bench.lokal.test`, role);
  });
  const conversations = await pool([...Array(PAIRS).keys()], 16, async (p) => {
    const [tourist, guide] = [users[2 * p], users[2 * p + 1]];
    const { json } = await api('POST', '/api/chat/conversations', {
      cookie: tourist.cookie,
      body: { guideId: guide.id },
    });
    return json.id;
  });
  log(
    `${CLIENTS} users signed in, ${PAIRS} conversations open in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  await sleep(2000);
  const heapBefore = await serverGc();
  const before = procStatus(pid);

  t = performance.now();
  const connected = await pool(users, 50, connect);
  clients.push(...connected);
  for (let p = 0; p < PAIRS; p++) {
    const [a, b] = [clients[2 * p], clients[2 * p + 1]];
    a.partner = b;
    b.partner = a;
    a.conversationId = b.conversationId = conversations[p];
  }
  log(`${clients.length} sockets open in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await sleep(2000);
  const heapAfter = await serverGc();
  const after = procStatus(pid);
  const perConnKb = (after.rssKb - before.rssKb) / CLIENTS;
  const heapPerConnKb = heapBefore && heapAfter ? (heapAfter - heapBefore) / 1024 / CLIENTS : Number.NaN;
  log(
    `server RSS ${(before.rssKb / 1024).toFixed(0)} MB → ${(after.rssKb / 1024).toFixed(0)} MB with the sockets open` +
      (heapBefore
        ? ` (JS heap after a full GC ${(heapBefore / 2 ** 20).toFixed(1)} → ${(heapAfter / 2 ** 20).toFixed(1)} MB)`
        : ''),
  );

  // Health probes: the server's own responsiveness (event loop + database queue) while under load.
  const probes = [];
  let probing = true;
  const probeLoop = (async () => {
    while (probing) {
      const s = performance.now();
      try {
        await fetch(`${base}/api/health`);
        probes.push(performance.now() - s);
      } catch {}
      await sleep(250);
    }
  })();

  // The load: every tick sends what is due so far, round-robin over the clients.
  let k = 0;
  const pace = (count, warm) => {
    const start = performance.now();
    const first = k;
    return new Promise((resolve) => {
      const timer = setInterval(() => {
        const due = first + Math.min(count, Math.floor(((performance.now() - start) / 1000) * RATE));
        while (k < due) {
          const sender = clients[k % CLIENTS];
          const clientId = `bench-${runId}-${k.toString(36)}`;
          const body = `Hello from the chat bench, message ${k.toString(36)}`;
          sent.set(clientId, {
            k,
            warm,
            sender,
            recipient: sender.partner,
            conversationId: sender.conversationId,
            body,
            sentAt: performance.now(),
            ackAt: 0,
            acks: 0,
            deliveredAt: 0,
            deliveries: 0,
            echoes: 0,
          });
          sender.ws.send(
            JSON.stringify({ type: 'send', conversationId: sender.conversationId, body, clientId }),
          );
          k++;
        }
        if (k >= first + count) {
          clearInterval(timer);
          resolve();
        }
      }, TICK_MS);
    });
  };
  const complete = (r) => r.acks > 0 && r.deliveries > 0 && r.echoes > 0;
  // Waits until every message is acked, delivered and echoed, or nothing has progressed for STALL_MS.
  const drain = async () => {
    const drainStart = performance.now();
    let [pending, lastProgress] = [Number.POSITIVE_INFINITY, drainStart];
    for (;;) {
      const now = performance.now();
      const left = [...sent.values()].filter((r) => !complete(r)).length;
      if (left < pending) [pending, lastProgress] = [left, now];
      if (left === 0 || now - lastProgress > STALL_MS || now - drainStart > DRAIN_MS) break;
      await sleep(100);
    }
  };
  if (WARMUP_SECONDS > 0) {
    log(`warming up: ${Math.round(RATE * WARMUP_SECONDS)} messages over ${WARMUP_SECONDS} s, not timed…`);
    await pace(Math.round(RATE * WARMUP_SECONDS), true);
    await drain();
  }

  const total = Math.round(RATE * SECONDS);
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const cpu0 = cpuTicks(pid);
  const benchCpu0 = process.cpuUsage();
  const machine0 = machineBusyTicks();
  const steal0 = stealTicks();
  const pg0 = postgresTicks();
  let rssPeakKb = after.rssKb;
  const rssTimer = setInterval(() => {
    rssPeakKb = Math.max(rssPeakKb, procStatus(pid).rssKb);
  }, 1000);
  log(`sending ${total} messages…`);
  const t0 = performance.now();
  await pace(total, false);
  const sendSeconds = (performance.now() - t0) / 1000;
  await drain();
  const lastDelivery = Math.max(...[...sent.values()].map((r) => r.deliveredAt));
  const loadSeconds = (performance.now() - t0) / 1000;
  const serverCpu = ((cpuTicks(pid) - cpu0) / CLK_TCK / loadSeconds) * 100;
  const bc = process.cpuUsage(benchCpu0);
  const benchCpu = ((bc.user + bc.system) / 1e6 / loadSeconds) * 100;
  const machineCpu = ((machineBusyTicks() - machine0) / CLK_TCK / loadSeconds) * 100;
  const stealCpu = ((stealTicks() - steal0) / CLK_TCK / loadSeconds) * 100;
  const pg1 = pg0 === null ? null : postgresTicks();
  // Backends that ended during the run are missed; the server's pool keeps its connections, so few are.
  const pgCpu = pg0 === null || pg1 === null ? null : ((pg1 - pg0) / CLK_TCK / loadSeconds) * 100;
  loopDelay.disable();
  clearInterval(rssTimer);
  probing = false;
  await probeLoop;
  await sleep(1000); // late duplicates would arrive here

  // What the server stored: every conversation's history over REST, each clientId exactly once.
  const stored = new Map();
  await pool([...Array(PAIRS).keys()], 16, async (p) => {
    let afterId = 0;
    for (;;) {
      const { json } = await api(
        'GET',
        `/api/chat/conversations/${conversations[p]}/messages?after=${afterId}&limit=100`,
        {
          cookie: clients[2 * p].user.cookie,
        },
      );
      for (const m of json.messages) {
        if (m.clientId.startsWith(`bench-${runId}-`))
          stored.set(m.clientId, (stored.get(m.clientId) ?? 0) + 1);
      }
      if (json.messages.length < 100) break;
      afterId = json.messages[json.messages.length - 1].id;
    }
  });

  // ---- the figures ---------------------------------------------------------------------------------------
  // Loss and doubles over every message, the warm-up's included; counts and latencies over the timed window.
  const recs = [...sent.values()];
  const timed = recs.filter((r) => !r.warm);
  const lostDelivery = recs.filter((r) => r.deliveries === 0).length;
  const lostAck = recs.filter((r) => r.acks === 0).length;
  const lostEcho = recs.filter((r) => r.echoes === 0).length;
  const notStored = recs.filter((r) => !stored.has(`bench-${runId}-${r.k.toString(36)}`)).length;
  const dupDelivery = recs.filter((r) => r.deliveries > 1).length;
  const dupAck = recs.filter((r) => r.acks > 1).length;
  const dupEcho = recs.filter((r) => r.echoes > 1).length;
  const dupStored = [...stored.values()].filter((n) => n > 1).length;
  const strayStored = [...stored.keys()].filter((id) => !sent.has(id)).length;
  const lost = Math.max(lostDelivery, lostAck, lostEcho, notStored);
  const duplicated = dupDelivery + dupAck + dupEcho + dupStored;

  const delivery = timed
    .filter((r) => r.deliveries > 0)
    .map((r) => r.deliveredAt - r.sentAt)
    .sort((a, b) => a - b);
  const ack = timed
    .filter((r) => r.acks > 0)
    .map((r) => r.ackAt - r.sentAt)
    .sort((a, b) => a - b);
  const health = probes.sort((a, b) => a - b);
  const deliveryP99 = pct(delivery, 99);

  const table = {
    engine: engine,
    clients: clients.length,
    'messages/s target': RATE,
    'messages/s achieved': Number((timed.length / sendSeconds).toFixed(1)),
    'duration s': Number(sendSeconds.toFixed(1)),
    'warm-up messages (checked, not timed)': recs.length - timed.length,
    'messages sent': timed.length,
    acked: timed.filter((r) => r.acks > 0).length,
    'delivered to recipient': timed.filter((r) => r.deliveries > 0).length,
    'stored once (REST history)': timed.filter((r) => stored.get(`bench-${runId}-${r.k.toString(36)}`) === 1)
      .length,
    lost: lost,
    duplicated: duplicated,
    'ack p50 ms': ms(pct(ack, 50)),
    'ack p99 ms': ms(pct(ack, 99)),
    'delivery p50 ms': ms(pct(delivery, 50)),
    'delivery p90 ms': ms(pct(delivery, 90)),
    'delivery p99 ms': ms(deliveryP99),
    'delivery max ms': ms(delivery[delivery.length - 1]),
    [`p99 ≤ ${TARGET_P99_MS} ms`]: deliveryP99 <= TARGET_P99_MS ? 'yes' : 'no',
    'memory per connection KB': Number(perConnKb.toFixed(1)),
    'JS heap per connection KB': ms(heapPerConnKb),
    'server RSS idle → 1,000 sockets → peak MB': `${(before.rssKb / 1024).toFixed(0)} → ${(after.rssKb / 1024).toFixed(0)} → ${(rssPeakKb / 1024).toFixed(0)}`,
    [`CPU % of one core: server / bench clients${pgCpu === null ? '' : ' / PostgreSQL'} / rest of machine`]: [
      serverCpu,
      benchCpu,
      ...(pgCpu === null ? [] : [pgCpu]),
      Math.max(0, machineCpu - serverCpu - benchCpu - (pgCpu ?? 0)),
    ]
      .map(Math.round)
      .join(' / ')
      .concat(` (of ${os.cpus().length * 100})`),
    'CPU % of one core taken by the host (steal)': Math.round(stealCpu),
    'client event-loop delay p99 / max ms': `${ms(loopDelay.percentile(99) / 1e6)} / ${ms(loopDelay.max / 1e6)}`,
    'GET /api/health under load p50 / p99 ms': `${ms(pct(health, 50))} / ${ms(pct(health, 99))}`,
    'error frames / sockets closed by the server': `${counters.errors} / ${counters.closed}`,
  };
  console.table(Object.fromEntries(Object.entries(table).map(([key, value]) => [key, { value }])));
  // bench/run.mjs reads this line.
  if (process.env.BENCH_JSON === '1') console.log(`BENCH_JSON ${JSON.stringify(table)}`);
  if (counters.unknownFrames || counters.alteredBodies || counters.wrongRouting || strayStored) {
    log(
      `anomalies: ${counters.unknownFrames} frames for unknown clientIds, ${counters.alteredBodies} altered bodies, ` +
        `${counters.wrongRouting} misrouted, ${strayStored} stored messages never sent`,
    );
  }
  if (lost || duplicated) {
    log(
      `lost: ${lostAck} without ack, ${lostDelivery} not delivered, ${lostEcho} not echoed, ${notStored} not stored; ` +
        `duplicated: ${dupAck} acks, ${dupDelivery} deliveries, ${dupEcho} echoes, ${dupStored} stored`,
    );
  }
  if (process.env.BENCH_DUMP) {
    // One line per message: when it was sent (ms into the timed window; the warm-up's are negative), ack and
    // delivery latency (ms).
    const lines = recs.map(
      (r) =>
        `${(r.sentAt - t0).toFixed(1)},${r.acks ? (r.ackAt - r.sentAt).toFixed(2) : ''},${r.deliveries ? (r.deliveredAt - r.sentAt).toFixed(2) : ''}`,
    );
    writeFileSync(process.env.BENCH_DUMP, `sent_ms,ack_ms,delivery_ms\n${lines.join('\n')}\n`);
    log(`raw latencies written to ${process.env.BENCH_DUMP}`);
  }
  if (errorSamples.length) log('first error frames:', JSON.stringify(errorSamples));
  if (Number.isFinite(lastDelivery))
    log(`last delivery ${((lastDelivery - t0) / 1000 - sendSeconds).toFixed(2)} s after the last send`);
  if (lost || duplicated || counters.errors || counters.closed || counters.wrongRouting || strayStored)
    exitCode = 1;
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  closing = true;
  await cleanup();
}
process.exit(exitCode);
