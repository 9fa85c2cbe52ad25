import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type RunningServer = {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts the built app exactly as `npm start` does, on a free port with its own data folder; `entry` runs
 * another script instead (a copy of the built server, serving a copy of the built web app).
 */
export async function startServer(
  env: Record<string, string> = {},
  { entry = 'scripts/start.mjs' } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lokal-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://localhost:${port}`;
  // Migrations and the demo seed take a minute or more on a busy two-core machine; E2E_START_MS waits longer.
  const deadline = Date.now() + Number(process.env.E2E_START_MS ?? 150_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind a failed test file.
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
