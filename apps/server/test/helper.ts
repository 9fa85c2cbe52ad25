import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';

// The same suite runs on in-memory PGlite (default) and on a real PostgreSQL when DATABASE_URL is set.
export const DATABASE_URL = process.env.DATABASE_URL?.startsWith('postgres')
  ? process.env.DATABASE_URL
  : 'memory://';
export const ON_POSTGRES = DATABASE_URL !== 'memory://';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lokal-test-'));
  return loadConfig(
    { DATABASE_URL, DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' },
    overrides,
  );
}

export async function openTestDatabase(): Promise<Database> {
  return openDatabase(DATABASE_URL, mkdtempSync(path.join(tmpdir(), 'lokal-db-')));
}

/** A fresh app on a shared test database; close both in afterAll. */
export async function createTestApp(options: { config?: Partial<Config>; seed?: boolean } = {}) {
  const database = await openTestDatabase();
  const config = testConfig(options.config);
  const app = await buildApp(config, { database, seed: options.seed ?? false, logger: false });
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
