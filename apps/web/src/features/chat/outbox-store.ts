/** A message typed here and not yet stored by the server. */
export type PendingMessage = {
  clientId: string;
  conversationId: string;
  body: string;
  createdAt: string;
  /** `waiting`: the browser is offline; it goes out by itself when the connection returns. */
  status: 'sending' | 'waiting' | 'failed';
  error?: string;
  /** A network failure is retried by itself when the connection returns; a refusal is not. */
  retriable?: boolean;
};

// The chat outbox on disk (IndexedDB), so a message not yet sent survives a reload or a closed tab and goes
// out when the connection returns (docs/product.md#bad-networks). Every call settles: storage may be off.
const DB_NAME = 'lokal-outbox';
const STORE = 'messages';

type Stored = PendingMessage & { owner: string };

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    try {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'clientId' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

async function run<T>(
  mode: IDBTransactionMode,
  fn: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  const db = await open();
  if (!db) return undefined;
  return new Promise((resolve) => {
    try {
      const req = fn(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

export const outboxStore = {
  /** The member's unsent messages, oldest first. */
  async load(owner: string): Promise<PendingMessage[]> {
    const all = ((await run('readonly', (s) => s.getAll())) ?? []) as Stored[];
    return all
      .filter((m) => m.owner === owner)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map(({ owner: _, ...m }) => m);
  },
  async save(owner: string, message: PendingMessage): Promise<void> {
    await run('readwrite', (s) => s.put({ ...message, owner } satisfies Stored));
  },
  async remove(clientId: string): Promise<void> {
    await run('readwrite', (s) => s.delete(clientId));
  },
  async clear(owner: string): Promise<void> {
    for (const m of await outboxStore.load(owner)) await outboxStore.remove(m.clientId);
  },
};
