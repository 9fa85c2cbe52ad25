import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './process-helper.ts';

// A PostgreSQL 15 server of the test's own, to stop and start under the servers that use it (the fault tests).
// The same binaries as scripts/with-postgres.sh; PostgreSQL refuses to run as root, so then as `postgres`.
const BIN = '/usr/lib/postgresql/15/bin';

export type Cluster = { url: string; stop: () => void; start: () => void; remove: () => void };

export async function startCluster(): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lokal-fault-pg-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const asPg = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const run = (cmd: string, ...args: string[]) => {
    const [file, ...rest] = [...asPg, `${BIN}/${cmd}`, ...args];
    execFileSync(file!, rest, { stdio: 'pipe' });
  };
  run('initdb', '-D', `${dir}/data`, '-U', 'lokal', '--auth=trust', '-E', 'UTF8');
  const start = () =>
    run(
      'pg_ctl',
      ...['-D', `${dir}/data`, '-l', `${dir}/log`, '-w', 'start'],
      ...['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`],
    );
  start();
  run('createdb', '-h', '127.0.0.1', '-p', String(port), '-U', 'lokal', 'lokal');
  const stop = () => run('pg_ctl', '-D', `${dir}/data`, '-m', 'fast', '-w', 'stop');
  return {
    url: `postgres://lokal@127.0.0.1:${port}/lokal`,
    stop,
    start,
    remove: () => {
      try {
        run('pg_ctl', '-D', `${dir}/data`, '-m', 'immediate', 'stop');
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
