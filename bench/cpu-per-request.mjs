// `node bench/cpu-per-request.mjs OTHER_CHECKOUT PATH… [--as guide|tourist|staff] [--rounds 4] [--requests 2000]`
//
// CPU time per request of this checkout's built server against another checkout's (a worktree at the commit
// before a change), both on one database: the server process plus, on PostgreSQL (DATABASE_URL), the
// database's own processes. Requests per second move with whatever else the shared machine runs; the CPU a
// request costs moves much less, so two builds compare fairly even on a busy machine. The two servers take
// turns (A B, B A, …) at 50 connections.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { STAFF_EMAIL, sessionCookie, staffCookie, startBuiltServer } from './lib/server.mjs';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args.splice(i, 2)[1];
};
const who = option('as', 'guide');
const rounds = Number(option('rounds', '4'));
const requests = Number(option('requests', '2000'));
const [other, ...paths] = args;
if (!other || paths.length === 0) {
  console.error('usage: node bench/cpu-per-request.mjs OTHER_CHECKOUT PATH… [--as guide|tourist|staff]');
  process.exit(2);
}

/** User and system CPU of a process in clock ticks (and, with `reaped`, of its children that have exited). */
function ticks(pid, reaped = false) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]) + (reaped ? Number(f[13]) + Number(f[14]) : 0);
  } catch {
    return 0;
  }
}
const TICK_US = 1e6 / Number(execSync('getconf CLK_TCK').toString());

/** The database's processes: the postmaster of DATABASE_URL's port and its children (none on PGlite). */
function databaseTicks() {
  if (!process.env.DATABASE_URL?.startsWith('postgres')) return 0;
  const port = new URL(process.env.DATABASE_URL).port || '5432';
  const owner = execSync(`ss -ltnpH 'sport = :${port}'`)
    .toString()
    .match(/pid=(\d+)/);
  if (!owner) return 0;
  const postmaster = Number(owner[1]);
  const children = execSync(`ps -o pid= --ppid ${postmaster}`).toString().trim().split(/\s+/).map(Number);
  return ticks(postmaster, true) + children.reduce((sum, pid) => sum + ticks(pid), 0);
}

const onPostgres = Boolean(process.env.DATABASE_URL?.startsWith('postgres'));
// BENCH_EMAIL signs in another member (a bench traveller); BENCH_DATA_DIR puts both servers on a folder already
// seeded (with DATABASE_URL, the large database of `npm run seed:bench`), which neither removes.
const email =
  process.env.BENCH_EMAIL ??
  (who === 'guide' ? 'sofia.martinez@demo.lokal.app' : 'james.whitfield@demo.lokal.app');
const dataDir = process.env.BENCH_DATA_DIR;
// PGlite's folder belongs to one process: two engines writing one folder corrupt it. On PGlite the other
// checkout's server needs a copy of the seeded folder (BENCH_OTHER_DATA_DIR, e.g. `cp -a` of it).
const otherDataDir = process.env.BENCH_OTHER_DATA_DIR;
if (dataDir && !onPostgres && !otherDataDir) {
  console.error(
    'on PGlite, BENCH_DATA_DIR needs BENCH_OTHER_DATA_DIR: a copy of the folder for the other server',
  );
  process.exit(2);
}
/** A checkout's built server on one database with the other, or on its own copy of PGlite's folder. */
async function start(root, shared, folder = dataDir) {
  const server = await startBuiltServer(
    folder ? { DATA_DIR: folder } : shared ? { DATA_DIR: shared.dataDir } : {},
    root,
  );
  // Staff sign in by the e-mailed link (in the data folder's outbox), the others by the development sign-in.
  const token =
    who === 'staff'
      ? await staffCookie(server.url, server.dataDir, STAFF_EMAIL)
      : await sessionCookie(server.url, { email, userType: who });
  const headers = { cookie: `lokal_session=${token}` };
  return { ...server, headers };
}

// One after the other: on PostgreSQL the first seeds the database and the second finds it ready.
const A = await start(here);
const servers = {
  A,
  B: await start(path.resolve(other), onPostgres ? A : null, onPostgres ? dataDir : otherDataDir),
};
try {
  for (const p of paths) {
    const costs = { A: [], B: [] };
    for (const s of Object.values(servers)) {
      await autocannon({ url: s.url + p, headers: s.headers, connections: 50, amount: 300 });
    }
    for (let i = 0; i < rounds; i++) {
      for (const k of i % 2 ? ['B', 'A'] : ['A', 'B']) {
        const s = servers[k];
        const [node0, db0] = [ticks(s.pid), databaseTicks()];
        const r = await autocannon({ url: s.url + p, headers: s.headers, connections: 50, amount: requests });
        const [node1, db1] = [ticks(s.pid), databaseTicks()];
        if (r.non2xx) throw new Error(`${k} ${p}: ${r.non2xx} answers were not 2xx`);
        costs[k].push({
          node: ((node1 - node0) * TICK_US) / r.requests.total,
          db: ((db1 - db0) * TICK_US) / r.requests.total,
        });
      }
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const line = (k) => {
      const node = median(costs[k].map((c) => c.node));
      const db = median(costs[k].map((c) => c.db));
      return `${Math.round(node + db)} µs (server ${Math.round(node)} + database ${Math.round(db)})`;
    };
    console.log(`${p} as ${who}: this checkout ${line('A')}; ${other} ${line('B')} — medians of ${rounds}`);
  }
} finally {
  // The second first: on PostgreSQL it borrows the first's folder, which the first removes when it stops.
  await servers.B.stop();
  await servers.A.stop();
}
