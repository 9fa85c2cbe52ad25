import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as admin from './schema/admin.ts';
import * as auth from './schema/auth.ts';
import * as bookings from './schema/bookings.ts';
import * as chat from './schema/chat.ts';
import * as idempotency from './schema/idempotency.ts';
import * as ledger from './schema/ledger.ts';
import * as outbox from './schema/outbox.ts';
import * as profiles from './schema/profiles.ts';
import * as users from './schema/users.ts';

export const schema = {
  ...users,
  ...profiles,
  ...auth,
  ...chat,
  ...bookings,
  ...admin,
  ...outbox,
  ...idempotency,
  ...ledger,
};

// Both drivers expose the same query builder; repositories are written once against this type.
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server URL (PostgreSQL only): the realtime bus opens its own LISTEN connection. */
  url?: string;
  /** PGlite: hears a channel's notifications (a trigger's pg_notify) in process; PostgreSQL's go through the bus. */
  listen?: (channel: string, listener: (payload: string) => void) => Promise<void>;
  close: () => Promise<void>;
};

const here = path.dirname(fileURLToPath(import.meta.url));

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_301_977;

// The bundle in dist/ reads the committed migrations from src/.
function migrationsFolder(): string {
  return here.endsWith(`${path.sep}dist`)
    ? path.join(here, '../src/db/migrations')
    : path.join(here, 'migrations');
}

/**
 * A connection that prepares each parameterized statement under a name drawn from its text (pg's own `name`
 * option), so PostgreSQL parses and plans it once per connection instead of on every request: without it the
 * pages with a search or the dashboard ran at a third of the rate (docs/decisions/078-database-access.md).
 * Passed as the pool's documented `Client` option; a statement drizzle prepared by name keeps its name.
 */
class NamingClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    // A connection lost while a transaction holds it fails that transaction's statements; pg then also emits
    // 'error', which the pool hears only while the connection is idle. Heard here so it does not end the process.
    this.on('error', () => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this one forwards them all.
  override query(...args: any[]): any {
    const [config, values] = args;
    if (config && typeof config === 'object' && !config.name && typeof config.text === 'string') {
      const params = Array.isArray(values) ? values : config.values;
      const name = params?.length ? nameOf(config.text) : undefined;
      if (name) args[0] = { ...config, name };
    }
    return super.query(...(args as Parameters<pg.Client['query']>));
  }
}

/** The query builder's texts are a bounded set; past MAX_NAMED distinct ones, a text runs unnamed. */
const MAX_NAMED = 2000;
const names = new Map<string, string>();
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_NAMED) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The pool drizzle runs on: a transaction takes a connection of its own (`connect()`); every statement outside
 * one goes down one of a few connections in pg's own pipeline mode, sent without waiting for the answers before
 * it. On a small machine each statement that wakes a database process of its own costs more than running it:
 * twenty connections taking one statement each ran the reads at half the rate (docs/decisions/078-database-access.md).
 */
class ReadLanesPool extends pg.Pool {
  private readonly lanes: (NamingClient | null)[];
  private turn = 0;
  constructor(
    private readonly connectionString: string,
    lanes: number,
    private readonly onLost: (err: Error) => void,
  ) {
    super({ connectionString, max: 20, Client: NamingClient, ...CONNECTION });
    this.lanes = Array.from({ length: lanes }, () => null);
    // A connection that fails while idle (the server restarted, a backend was terminated) is dropped by the
    // pool and the next statement opens another; heard here so it does not end the process.
    this.on('error', (err) => onLost(err));
  }

  private lane(): NamingClient {
    const i = this.turn++ % this.lanes.length;
    let lane = this.lanes[i];
    if (!lane) {
      const client = new NamingClient({
        connectionString: this.connectionString,
        pipeline: true,
        ...CONNECTION,
      });
      // A lane that fails is dropped; the next statement for it opens a new one. Its statements get the error.
      const drop = () => {
        if (this.lanes[i] === client) this.lanes[i] = null;
      };
      client.on('error', (err) => {
        this.onLost(err);
        drop();
      });
      client.on('end', drop);
      client.connect().catch(drop);
      this.lanes[i] = lane = client;
    }
    return lane;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this one forwards them all.
  override query(...args: any[]): any {
    // An ended pool refuses the statement as pg's own does, rather than opening a lane again.
    if (this.ending) return super.query(...(args as Parameters<pg.Pool['query']>));
    return this.lane().query(...(args as Parameters<pg.Client['query']>));
  }

  override async end(): Promise<void> {
    const ended = super.end();
    await Promise.all(this.lanes.map((lane) => lane?.end().catch(() => undefined)));
    await ended;
  }
}

/**
 * Every connection: an attempt that has not succeeded in 2 s has failed (a statement then answers 503 rather
 * than hang while the server is away), and TCP keep-alive notices a peer that vanished.
 */
const CONNECTION = { connectionTimeoutMillis: 2_000, keepAlive: true };

/** A data folder the server cannot use, said in words: what, where and what to do (decision 088). */
export class DataDirError extends Error {}

/** Creates `dir` if needed and writes a probe file in it: a full disk or a read-only folder is named at start. */
function checkWritable(dir: string): void {
  const probe = path.join(dir, '.lokal-write-check');
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, 'ok');
    rmSync(probe, { force: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOSPC' || code === 'EDQUOT'
        ? 'the disk is full'
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? 'this user may not write there (or the disk is read-only)'
          : (err as Error).message;
    throw new DataDirError(
      `Lokal cannot write its embedded database in ${dir}: ${why}. ` +
        "Free some space or fix the folder's permissions, or set DATA_DIR to a folder this user can write, then start again.",
    );
  }
}

/** Connections in pipeline mode for the statements outside transactions: about two per core. */
const READ_LANES = 4;

/**
 * Opens the database named by DATABASE_URL and applies the committed migrations. `onConnectionLost` hears a
 * PostgreSQL connection that failed; the pool replaces it.
 */
export async function openDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
  onConnectionLost: (err: Error) => void = () => {},
): Promise<Database> {
  if (databaseUrl?.startsWith('postgres')) {
    const pool = new ReadLanesPool(databaseUrl, READ_LANES, onConnectionLost);
    const client = await pool.connect();
    try {
      // Two servers starting together: the second waits here and then finds nothing left to apply.
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      client.release();
    }
    return {
      db: drizzlePg(pool, { schema }),
      kind: 'postgres',
      url: databaseUrl,
      close: () => pool.end(),
    };
  }

  let dataDirOfDb: string | undefined;
  if (databaseUrl !== 'memory://') {
    dataDirOfDb = path.join(dataDir, 'db');
    checkWritable(dataDirOfDb);
  }
  // PGlite in the server's process, through its public API (docs/decisions/078-database-access.md).
  const client = new PGlite({ dataDir: dataDirOfDb, extensions: { pg_trgm, btree_gist, cube } });
  try {
    await client.waitReady;
  } catch (err) {
    if (!dataDirOfDb) throw err;
    // PGlite only says it "failed to initialize properly": the usual reason is the folder, so check it again.
    checkWritable(dataDirOfDb);
    throw new DataDirError(
      `The embedded database in ${dataDirOfDb} could not be opened (${(err as Error).message}). ` +
        'If another Lokal server uses this DATA_DIR, stop it; if the files are damaged, restore them from a backup.',
    );
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    listen: async (channel, listener) => void (await client.listen(channel, listener)),
    close: () => client.close(),
  };
}
