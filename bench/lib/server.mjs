// Starting the built app for a bench, signing in, and reading the machine: shared by every bench.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from '../../scripts/node-flags.mjs';
import { makeSelfSignedCert } from '../../scripts/self-signed-cert.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The staff member the bench signs in (the server is started with it in ADMIN_EMAILS). */
export const STAFF_EMAIL = 'bench.staff@lokal.test';

export async function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * A throw-away self-signed certificate (openssl) for serving the bench's server over HTTPS, as Lokal is
 * deployed: TLS_CERT_FILE / TLS_KEY_FILE for the server's environment. This bench process then accepts
 * self-signed certificates for its own requests: it only ever talks to the server it started.
 */
export function selfSignedCert() {
  const { certFile, keyFile } = makeSelfSignedCert();
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile };
}

/** CPU ticks the hypervisor gave to someone else (steal): a shared host shows up here, not in our processes. */
export function stealTicks() {
  return Number(readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)[8]);
}

/**
 * The baseline of the API benches: Node's own http server, in a process of its own like the app, answering a
 * constant JSON.
 */
export async function startBareServer() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json' });
       s.end('{"status":"ok"}'); }).listen(${port}, '127.0.0.1', () => console.log('up'));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** One table row of an autocannon result, with its throughput as a share of the baseline's. */
export function benchRow(endpoint, r, baseline) {
  return {
    endpoint,
    'req/s': Math.round(r.requests.average),
    '÷ bare Node': Number((r.requests.average / baseline).toFixed(3)),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

/**
 * The built app exactly as `npm start` runs it, on its own port and data folder; `checkout` starts another
 * checkout's build (a worktree at an older commit) instead of this one's.
 */
export async function startBuiltServer(env = {}, checkout = root) {
  const port = Number(env.PORT ?? (await freePort()));
  // A folder of its own unless the caller brings one (and keeps it).
  const ownData = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'lokal-bench-'));
  const child = spawn(process.execPath, [...NODE_FLAGS, 'scripts/start.mjs'], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000',
      ADMIN_EMAILS: STAFF_EMAIL,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `${env.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${port}`;
  // Up to five minutes: migrations and the demo seed are slow on a busy two-core machine.
  for (let i = 0; i < 3000; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (ownData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The built app listening on every interface and reached on the address users see (publicHost), over HTTPS
 * when `env` carries a certificate. `publicUrl` is that address; `url` stays the localhost one.
 */
export async function startOnPublicAddress(env = {}) {
  const port = await freePort();
  const publicUrl = `${env.TLS_CERT_FILE ? 'https' : 'http'}://${publicHost()}:${port}`;
  const server = await startBuiltServer({
    HOST: '0.0.0.0',
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    ...env,
  });
  return { ...server, publicUrl };
}

/**
 * The address users see: not localhost, where the app adds its development panel. The first non-loopback
 * IPv4 address of this machine (the server listens on all of them during the bench).
 */
export function publicHost() {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return 'localhost';
}

/** A session cookie from the development sign-in (which answers on localhost only). */
export async function sessionCookie(localBase, who) {
  const res = await fetch(`${localBase}/api/dev/mock-sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lokal_session='));
  return cookie.split(';')[0].split('=')[1];
}

/** A staff session the way staff get one: the magic link from the outbox ($DATA_DIR/outbox), then verify. */
export async function staffCookie(localBase, dataDir, email) {
  const post = (url, body) =>
    fetch(`${localBase}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/staff/request-link', { email });
  const outbox = path.join(dataDir, 'outbox');
  // The mail leaves through the server's outbox worker a moment after the answer (decision 085).
  const mailed = () =>
    existsSync(outbox)
      ? readdirSync(outbox)
          .filter((f) => f.includes(email))
          .sort()
          .at(-1)
      : undefined;
  const deadline = Date.now() + 30_000;
  while (!mailed() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const file = mailed();
  if (!file) throw new Error(`no sign-in mail to ${email} in ${outbox}`);
  // The .eml is quoted-printable: join soft line breaks and decode '=3D' before reading the token.
  const text = readFileSync(path.join(outbox, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const token = /[?&]token=([^&\s"<]+)/.exec(text)?.[1];
  const res = await post('/api/auth/staff/verify', { token: decodeURIComponent(token), email });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lokal_session='));
  return cookie.split(';')[0].split('=')[1];
}
