import { createHash } from 'node:crypto';

/** A stored file's bytes and their SHA-256 (hex): the same bytes have the same ETag on every instance. */
export type StoredFile = { data: Buffer; sha256: string };

/**
 * Where uploaded pictures and identity documents are kept (docs/decisions/041-shared-file-storage.md): one
 * interface, by key, so every instance behind a load balancer reads what another one wrote.
 */
export type FileStore = {
  kind: 'local' | 'database' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under this key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
};

// Public pictures (served at /api/uploads/<name>) and private identity documents (owner and staff only).
export const STORAGE_KEY = /^(uploads|private\/identity)\/[0-9a-z-][0-9a-z.-]{0,99}$/;

export const uploadKey = (file: string) => checkedKey(`uploads/${file}`);
export const identityKey = (file: string) => checkedKey(`private/identity/${file}`);

/** Only the two kinds of names: a key can never climb out of its folder or bucket prefix. */
export function checkedKey(key: string): string {
  if (!STORAGE_KEY.test(key) || key.includes('..')) throw new Error(`Not a storage key: ${key}`);
  return key;
}

export const isPrivateKey = (key: string) => key.startsWith('private/');

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');
