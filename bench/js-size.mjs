// Initial JavaScript per route, gzipped (-9): every script a route loads before it settles, signed in as the
// role the route is for. Starts the built server on a free port with a throw-away data folder.
// Usage: node bench/js-size.mjs   (prints a table; exits 1 when a route passes JS_LIMIT_KB, default 150;
// JS_VERBOSE=1 lists every script)
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { makeSelfSignedCert } from '../scripts/self-signed-cert.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIMIT_KB = Number(process.env.JS_LIMIT_KB ?? 150);
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

/** The built app exactly as `npm start` runs it, on its own port and data folder. */
export async function startBuiltServer(env = {}) {
  const port = Number(env.PORT ?? (await freePort()));
  // A folder of its own unless the caller brings one (and keeps it).
  const ownData = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'lokal-bench-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
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
  for (let i = 0; i < 600; i++) {
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

/** Debian's chromium and the flags every bench starts it with (Playwright here, chrome-launcher for Lighthouse). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launch() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
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
async function staffCookie(localBase, dataDir, email) {
  const post = (url, body) =>
    fetch(`${localBase}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/staff/request-link', { email });
  const outbox = path.join(dataDir, 'outbox');
  const file = readdirSync(outbox)
    .filter((f) => f.includes(email))
    .sort()
    .at(-1);
  // The .eml is quoted-printable: join soft line breaks and decode '=3D' before reading the token.
  const text = readFileSync(path.join(outbox, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const token = /[?&]token=([^&\s"<]+)/.exec(text)?.[1];
  const res = await post('/api/auth/staff/verify', { token: decodeURIComponent(token), email });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lokal_session='));
  return cookie.split(';')[0].split('=')[1];
}

/** Sums the gzip -9 size of every script the page loads until the network is quiet. */
async function measure(browser, url, session) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ignoreHTTPSErrors: true,
  });
  if (session) {
    await context.addCookies([{ name: 'lokal_session', value: session, url: new URL(url).origin }]);
  }
  const page = await context.newPage();
  const scripts = new Set();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && res.ok()) scripts.add(res.url());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // A guard that sent the page elsewhere would measure the wrong screen.
  const landed = new URL(page.url()).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`${url} redirected to ${landed}`);
  let bytes = 0;
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(src)).arrayBuffer());
    const gz = gzipSync(body, { level: 9 }).length;
    if (process.env.JS_VERBOSE) console.log(`  ${url} ${new URL(src).pathname} ${(gz / 1024).toFixed(1)} KB`);
    bytes += gz;
  }
  await context.close();
  return { kb: bytes / 1024, files: scripts.size };
}

/** `localBase` reaches the server on localhost (sign-in); `base` is the address pages are loaded from. */
export async function measureRoutes(localBase, base, dataDir) {
  const tourist = await sessionCookie(localBase, {
    email: 'james.whitfield@demo.lokal.app',
    userType: 'tourist',
  });
  const guide = await sessionCookie(localBase, { email: 'sofia.martinez@demo.lokal.app', userType: 'guide' });
  // New accounts, before their onboarding, and the development staff address.
  const newTourist = await sessionCookie(localBase, {
    email: 'bench.tourist@lokal.test',
    userType: 'tourist',
  });
  const newGuide = await sessionCookie(localBase, { email: 'bench.guide@lokal.test', userType: 'guide' });
  const staff = await staffCookie(localBase, dataDir, STAFF_EMAIL);
  // A conversation to open, made through the API as the tourist.
  const headers = { cookie: `lokal_session=${tourist}`, 'content-type': 'application/json' };
  const search = await (await fetch(`${localBase}/api/guides/search?q=sofia`, { headers })).json();
  const opened = await fetch(`${localBase}/api/chat/conversations`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ guideId: search.guides[0].id }),
  });
  const conversationId = (await opened.json()).id;

  const routes = [
    ['/', null],
    ['/tourist/signup', null],
    ['/tourist/login', null],
    ['/guide/signup', null],
    ['/admin/login', null],
    ['/tourist/onboarding', newTourist],
    ['/guide/onboarding', newGuide],
    ['/admin', staff],
    ['/tourist/home', tourist],
    ['/tourist/chats', tourist],
    [`/tourist/chats/${conversationId}`, tourist],
    ['/tourist/bookings', tourist],
    ['/tourist/settings', tourist],
    ['/guide/home', guide],
    ['/guide/chats', guide],
    ['/guide/bookings', guide],
    ['/guide/settings', guide],
    ['/guide/top-tourists', guide],
    ['/guide/preview', guide],
    ['/guide/personality/test', guide],
  ];
  const browser = await launch();
  const rows = [];
  try {
    for (const [route, who] of routes) {
      const { kb, files } = await measure(browser, `${base}${route}`, who);
      rows.push({
        route: route.replace(conversationId, ':conversationId'),
        'initial JS (KB gz)': Number(kb.toFixed(1)),
        files,
        'within 150 KB': kb <= LIMIT_KB ? 'yes' : 'NO',
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startOnPublicAddress();
  try {
    const rows = await measureRoutes(server.url, server.publicUrl, server.dataDir);
    console.table(rows);
    if (rows.some((r) => r['within 150 KB'] !== 'yes')) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}
