import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { type FileStore, STORAGE_KEY } from './storage.ts';
import { createDatabaseStore } from './storage-database.ts';
import { createLocalStore } from './storage-local.ts';
import { createS3Store } from './storage-s3.ts';

/** S3_URL → the bucket; a PostgreSQL server → its tables; otherwise (PGlite) the folder `$DATA_DIR`. */
export function createFileStore(config: Config, database: Pick<Database, 'db' | 'kind'>): FileStore {
  if (config.s3) return createS3Store(config.s3);
  if (database.kind === 'postgres') return createDatabaseStore(database.db);
  return createLocalStore(config.dataDir);
}

// The folders an earlier version wrote files to, and the marker left once they are copied.
const LOCAL_FOLDERS = ['uploads', 'private/identity'];
const COPIED = '.copied-to-shared-storage';

/**
 * Copies the files an earlier version kept in this instance's `$DATA_DIR` into a shared store, once, so the
 * addresses already saved in profiles keep working on every instance. The files stay where they were.
 */
export async function copyLocalFiles(store: FileStore, dataDir: string, log: FastifyBaseLogger) {
  if (store.kind === 'local') return;
  for (const folder of LOCAL_FOLDERS) {
    const dir = path.join(dataDir, folder);
    if (!existsSync(dir) || existsSync(path.join(dir, COPIED))) continue;
    let copied = 0;
    for (const name of readdirSync(dir)) {
      const key = `${folder}/${name}`;
      if (!STORAGE_KEY.test(key)) continue;
      const type = folder === 'uploads' ? 'image/webp' : 'application/octet-stream';
      await store.put(key, readFileSync(path.join(dir, name)), type);
      copied++;
    }
    writeFileSync(path.join(dir, COPIED), `${new Date().toISOString()} ${store.kind}\n`);
    log.info({ folder: dir, copied, to: store.kind }, 'local files copied to the shared file store');
  }
}
