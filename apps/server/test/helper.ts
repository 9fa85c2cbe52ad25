import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createFileStore } from '../src/plugins/file-store.ts';
import type { FileStore } from '../src/plugins/storage.ts';
import type { App } from '../src/types.ts';

// The same suite runs on in-memory PGlite (default) and on a real PostgreSQL when DATABASE_URL is set.
export const DATABASE_URL = process.env.DATABASE_URL?.startsWith('postgres')
  ? process.env.DATABASE_URL
  : 'memory://';
export const ON_POSTGRES = DATABASE_URL !== 'memory://';
// A 500 in CI must say why: the apps under test log errors (and nothing else) to the console.
const TEST_LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'error';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lokal-test-'));
  return loadConfig(
    // The bot check is on by default; off here, on again in the tests about it (test/bot-check.test.ts).
    {
      DATABASE_URL,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: TEST_LOG_LEVEL,
      BOT_CHECK: 'off',
    },
    overrides,
  );
}

/** A fresh, empty database: in-memory PGlite, or a new database on the PostgreSQL server. */
export async function openTestDatabase(): Promise<Database> {
  if (!ON_POSTGRES) return openDatabase(DATABASE_URL, mkdtempSync(path.join(tmpdir(), 'lokal-db-')));
  const name = `lokal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return openDatabase(url.toString(), tmpdir());
}

/** A fresh app on a shared test database; close both in afterAll. */
export async function createTestApp(options: { config?: Partial<Config>; seed?: boolean } = {}) {
  const database = await openTestDatabase();
  const config = testConfig(options.config);
  const app = await buildApp(config, { database, seed: options.seed ?? false });
  await app.ready();
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A signed-in member through the development sign-in (localhost only), as the tests' one way in. */
export async function mockSignIn(app: App, email: string, userType: 'tourist' | 'guide') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/dev/mock-sign-in',
    payload: { email, userType },
    headers: { host: 'localhost' },
  });
  if (res.statusCode !== 200) throw new Error(`mock sign-in ${email}: ${res.statusCode} ${res.body}`);
  const token = res.cookies.find((c) => c.name === 'lokal_session')!.value;
  return { token, cookie: `lokal_session=${token}`, id: res.json().user.id as string, email };
}

/** The file store an app of this config and database writes to, opened as another instance would open it. */
export function filesOf(config: Config, database: Database): FileStore {
  return createFileStore(config, database);
}

/** The names stored in a folder of the file store (local folder or database), to find files left behind. */
export async function storedNames(
  config: Config,
  database: Database,
  folder: 'uploads' | 'private/identity',
): Promise<string[]> {
  if (filesOf(config, database).kind === 'database') {
    const found = await database.db.execute(
      sql`select substr(key, ${folder.length + 2}) as name from stored_files where key like ${`${folder}/%`}`,
    );
    return (found as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
  }
  const dir = path.join(config.dataDir, folder);
  return existsSync(dir) ? readdirSync(dir).filter((n) => !n.startsWith('.')) : [];
}
