import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fileBlobs, storedFiles } from '../db/schema/files.ts';
import { checkedKey, type FileStore, sha256Of } from './storage.ts';

// PostgreSQL's foreign-key violation: a blob another request is deleting or still needs.
const FK_VIOLATION = '23503';
const isFkViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === FK_VIOLATION || e.cause?.code === FK_VIOLATION;
};

/**
 * Files in the PostgreSQL server every instance shares (docs/decisions/041-shared-file-storage.md): the repository
 * of `stored_files` (key → hash) and `file_blobs` (hash → bytes, once per content).
 */
export function createDatabaseStore(db: Db): FileStore {
  async function put(key: string, data: Buffer, contentType: string, tries = 2): Promise<void> {
    const sha256 = sha256Of(data);
    try {
      await db.transaction(async (tx) => {
        await tx.insert(fileBlobs).values({ sha256, data, size: data.length }).onConflictDoNothing();
        await tx
          .insert(storedFiles)
          .values({ key, sha256, contentType })
          .onConflictDoUpdate({ target: storedFiles.key, set: { sha256, contentType } });
      });
    } catch (err) {
      // The same bytes' blob was deleted with another key between our two statements: store it anew.
      if (tries > 1 && isFkViolation(err)) return put(key, data, contentType, tries - 1);
      throw err;
    }
  }

  return {
    kind: 'database',
    put: (key, data, contentType) => put(checkedKey(key), data, contentType),

    async get(key) {
      const [row] = await db
        .select({ sha256: fileBlobs.sha256, data: fileBlobs.data })
        .from(storedFiles)
        .innerJoin(fileBlobs, eq(fileBlobs.sha256, storedFiles.sha256))
        .where(eq(storedFiles.key, checkedKey(key)));
      return row ? { data: Buffer.from(row.data), sha256: row.sha256 } : null;
    },

    async delete(key) {
      const [gone] = await db
        .delete(storedFiles)
        .where(eq(storedFiles.key, checkedKey(key)))
        .returning({ sha256: storedFiles.sha256 });
      if (!gone) return;
      // The bytes go with their last key. A put of the same bytes at this moment keeps them (its reference
      // makes this delete fail, which is fine) or stores them again (its retry above).
      await db
        .delete(fileBlobs)
        .where(
          sql`${fileBlobs.sha256} = ${gone.sha256} and not exists (select 1 from ${storedFiles} where ${storedFiles.sha256} = ${gone.sha256})`,
        )
        .catch((err) => {
          if (!isFkViolation(err)) throw err;
        });
    },
    close: async () => {},
  };
}
