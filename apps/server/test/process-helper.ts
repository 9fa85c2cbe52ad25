import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { NODE_FLAGS } from '../../../scripts/node-flags.mjs';
import { ON_POSTGRES, openTestDatabase } from './helper.ts';

// Real server processes (from source, through tsx) for tests of what only processes show: several
// instances on one database, and a kill -9.
const ROOT = path.resolve(import.meta.dirname, '../../..');
export const TEST_PUBLIC_URL = 'http://localhost:3000';

export type ServerProcess = { http: string; ws: string; child: ChildProcess; log: () => string };

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/**
 * The environment of a server process that starts again on the same data: a fresh data folder, and on
 * PostgreSQL a fresh database of its own.
 */
export async function processDatabaseEnv(name: string): Promise<{ DATA_DIR: string; DATABASE_URL?: string }> {
  const DATA_DIR = mkdtempSync(path.join(tmpdir(), `lokal-${name}-`));
  if (!ON_POSTGRES) return { DATA_DIR };
  const db = await openTestDatabase();
  const url = db.url!;
  await db.close();
  return { DATA_DIR, DATABASE_URL: url };
}

/** Starts `apps/server/src/server.ts` and waits until /api/health answers 200. */
export async function startServerProcess(env: {
  DATABASE_URL?: string;
  DATA_DIR: string;
  SESSION_CACHE_MS?: string;
  SEARCH_CACHE_MS?: string;
}): Promise<ServerProcess> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: env.DATABASE_URL ?? '',
      DATA_DIR: env.DATA_DIR,
      PORT: String(port),
      PUBLIC_URL: TEST_PUBLIC_URL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100',
      ...(env.SESSION_CACHE_MS ? { SESSION_CACHE_MS: env.SESSION_CACHE_MS } : {}),
      ...(env.SEARCH_CACHE_MS ? { SEARCH_CACHE_MS: env.SEARCH_CACHE_MS } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const http = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    const up = await fetch(`${http}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return { http, ws: `ws://127.0.0.1:${port}/api/ws`, child, log: () => log };
}

export function stopServerProcess(p: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
    p.child.once('exit', () => resolve());
    p.child.kill(signal);
  });
}

export async function signInOver(base: string, email: string, userType: 'tourist' | 'guide') {
  const res = await fetch(`${base}/api/dev/mock-sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, userType }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('lokal_session='))!
    .split(';')[0]!;
  return { cookie, id: ((await res.json()) as { user: { id: string } }).user.id };
}

export async function callOver(base: string, cookie: string, url: string, body?: object) {
  const res = await fetch(`${base}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
