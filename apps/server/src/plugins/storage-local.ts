import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkedKey, type FileStore, isPrivateKey, sha256Of } from './storage.ts';

/**
 * The embedded default: files under `$DATA_DIR` (`uploads/…`, `private/identity/…`), readable by this process
 * only. Private files are the owner's alone on disk (0600 in a 0700 folder).
 */
export function createLocalStore(dataDir: string): FileStore {
  const fileOf = (key: string) => path.join(dataDir, checkedKey(key));
  return {
    kind: 'local',
    async put(key, data) {
      const file = fileOf(key);
      const secret = isPrivateKey(key);
      await mkdir(path.dirname(file), { recursive: true, ...(secret ? { mode: 0o700 } : {}) });
      try {
        await writeFile(file, data, { mode: secret ? 0o600 : 0o644 });
      } catch (err) {
        // A full disk (ENOSPC: 507 storage-full) leaves a cut-short file behind: no half picture is kept.
        await rm(file, { force: true }).catch(() => {});
        throw err;
      }
      if (secret) await chmod(file, 0o600);
    },
    async get(key) {
      try {
        const data = await readFile(fileOf(key));
        return { data, sha256: sha256Of(data) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    close: async () => {},
  };
}
