import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { tunePgDriver } from './pg-driver.ts';
import { PGliteRemote } from './pglite-remote.ts';
import { prepareStatementsOnPglite } from './pglite-statements.ts';
import { PipelinedPool } from './pipelined-pool.ts';
import { useCompiledRowMappers } from './row-mapper.ts';
import * as admin from './schema/admin.ts';
import * as auth from './schema/auth.ts';
import * as bookings from './schema/bookings.ts';
import * as chat from './schema/chat.ts';
import * as profiles from './schema/profiles.ts';
import * as users from './schema/users.ts';
import { statementName } from './statement-names.ts';

export const schema = { ...users, ...profiles, ...auth, ...chat, ...bookings, ...admin };

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
 * A PostgreSQL connection that prepares each parameterized statement the first time it sees its text, then only
 * executes it (decision 044): the server plans it once per connection instead of on every request, which was
 * most of the database's time for most reads (planning 100-600 µs against executing 10-200 µs).
 */
class PreparingClient extends pg.Client {}
const plainQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
PreparingClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [config, values] = args;
  if (config && typeof config === 'object' && !(config as pg.QueryConfig).name) {
    const c = config as pg.QueryConfig;
    const params = Array.isArray(values) ? values : c.values;
    const name = typeof c.text === 'string' && params?.length ? statementName(c.text) : undefined;
    if (name) args[0] = { ...c, name };
  }
  return plainQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

/**
 * Pipelined connections for the statements outside transactions (decision 050): about two per core keeps every
 * core of the database busy while Node prepares the next statements.
 */
const PIPELINED_LANES = 4;

/** Opens the database named by DATABASE_URL and applies the committed migrations. */
export async function openDatabase(databaseUrl: string | undefined, dataDir: string): Promise<Database> {
  useCompiledRowMappers();
  if (databaseUrl?.startsWith('postgres')) {
    tunePgDriver();
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 20, Client: PreparingClient });
    const client = await pool.connect();
    try {
      // Two servers starting together: the second waits here and then finds nothing left to apply.
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      client.release();
    }
    // Statements outside transactions go down a few pipelined connections; transactions take one of the pool's.
    const lanes = new PipelinedPool(
      { connectionString: databaseUrl },
      PIPELINED_LANES,
      pool,
      PreparingClient,
    );
    return {
      db: drizzlePg(lanes as unknown as pg.Pool, { schema }),
      kind: 'postgres',
      url: databaseUrl,
      close: () => lanes.end(),
    };
  }

  let dir: string | undefined;
  if (databaseUrl !== 'memory://') {
    dir = path.join(dataDir, 'db');
    mkdirSync(dir, { recursive: true });
  }
  // The engine runs in a thread of its own (decision 066).
  const client = new PGliteRemote(dir);
  await client.waitReady;
  prepareStatementsOnPglite(client);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    listen: async (channel, listener) => void (await client.listen(channel, listener)),
    close: () => client.close(),
  };
}
