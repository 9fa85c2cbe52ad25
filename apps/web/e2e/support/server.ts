import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NODE_FLAGS } from '../../../../scripts/node-flags.mjs';

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
  const url = `http://localhost:${port}`;
  const spawnOnce = () => {
    const child: ChildProcess = spawn(process.execPath, [...NODE_FLAGS, entry], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run = { log: '', child };
    const append = (d: Buffer) => {
      run.log += d;
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    return run;
  };
  let run = spawnOnce();
  let restarted = false;
  // Migrations and the demo seed take a minute or more on a busy two-core machine; E2E_START_MS waits longer.
  const deadline = Date.now() + Number(process.env.E2E_START_MS ?? 150_000);
  for (;;) {
    if (run.log.includes('# Fatal error')) {
      // V8 itself aborted (see scripts/node-flags.mjs) and may hang printing its stack: not the app's failure,
      // so the server is started once more on a fresh folder; a second abort fails the test.
      const exited = new Promise((r) => run.child.once('exit', r));
      if (run.child.exitCode === null && run.child.signalCode === null) {
        run.child.kill('SIGKILL');
        await exited;
      }
      if (restarted) throw new Error(`server aborted twice in V8:\n${run.log}`);
      restarted = true;
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir);
      run = spawnOnce();
      continue;
    }
    if (run.child.exitCode !== null || run.child.signalCode !== null) {
      throw new Error(`server exited early:\n${run.log}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind a failed test file.
      run.child.kill('SIGKILL');
      throw new Error(`server did not start:\n${run.log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const { child } = run;
  return {
    url,
    dataDir,
    output: () => run.log,
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
