import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  type ExecProtocolOptions,
  Mutex,
  messages,
  PGlite,
  protocol,
  type Transaction,
} from '@electric-sql/pglite';
import type { EngineAnswer, EngineRequest } from './pglite-thread.ts';

type BackendMessage = messages.BackendMessage;
type StreamOptions = ExecProtocolOptions & { onRawData?: (data: Uint8Array) => void };
type Pending = { resolve: (data: Uint8Array | undefined) => void; reject: (err: Error) => void };

// PGlite's own base class (statements, transactions, parsing of results) is not exported by name.
const BasePGlite = Object.getPrototypeOf(PGlite) as typeof PGlite;

const here = path.dirname(fileURLToPath(import.meta.url));
/** The engine's thread: built beside the server bundle in dist/, run as it is from src/. */
const threadFile = () =>
  existsSync(path.join(here, 'pglite-thread.js'))
    ? path.join(here, 'pglite-thread.js')
    : path.join(here, 'pglite-thread.ts');

/**
 * PGlite with its engine in a worker thread (decision 066). In the server's thread the engine's work (every
 * statement's parse, plan and execution in WASM) took its turn with the requests' JavaScript, on one core; in
 * a thread of its own it runs on the other while this one answers requests. This class is PGlite's own base
 * class (query, exec, transaction and their parsing, unchanged) over an engine reached by messages: a call
 * sends a protocol message and receives the engine's output bytes, moved, not copied. Notifications (a
 * trigger's pg_notify) arrive inside that output and are handed to the listeners here, as PGlite does.
 */
export class PGliteRemote extends BasePGlite {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;
  readonly #started: Promise<void>;
  override debug: PGlite['debug'] = 0;
  override waitReady: Promise<void>;
  #parser = new protocol.Parser();
  readonly #queryMutex = new Mutex();
  readonly #transactionMutex = new Mutex();
  /** Shared runs in flight, and what waits for them to end or for the exclusive ones to finish. */
  #shared = 0;
  #exclusive = 0;
  #drained: (() => void)[] = [];
  #released: (() => void)[] = [];
  readonly #listenMutex = new Mutex();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();

  /** `dataDir` undefined: a database in memory. */
  constructor(dataDir?: string) {
    super();
    this.#worker = new Worker(threadFile(), { workerData: { dataDir } });
    this.#worker.on('message', (answer: EngineAnswer) => {
      const pending = this.#pending.get(answer.id);
      if (!pending) return;
      this.#pending.delete(answer.id);
      if (answer.error) pending.reject(new Error(answer.error.message));
      else pending.resolve(answer.data);
    });
    this.#worker.on('error', (err) => this.#fail(err));
    this.#worker.on('exit', () => this.#fail(new Error('PGlite is closed')));
    this.#started = new Promise<void>((resolve, reject) => {
      this.#pending.set(0, { resolve: () => resolve(), reject });
    });
    // The array types' parsers, as PGlite reads them once started.
    this.waitReady = this.#started.then(() => this._initArrayTypes());
  }

  #fail(err: Error) {
    this.#closed = true;
    for (const pending of this.#pending.values()) pending.reject(err);
    this.#pending.clear();
  }

  #call(call: EngineRequest, transfer?: ArrayBuffer[]): Promise<Uint8Array | undefined> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...call, id }, transfer);
    });
  }

  override get closed(): boolean {
    return this.#closed;
  }

  override async _checkReady(): Promise<void> {
    if (this.#closed) throw new Error('PGlite is closed');
    await this.#started;
  }

  override _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryMutex.runExclusive(fn);
  }

  /**
   * A statement that is whole in each message it sends (a prepared statement's bind, execute and sync; its
   * parse and describe): sent at once, without waiting for the statements before it, which the engine's thread
   * runs in order. This keeps that thread busy while this one prepares the next; one at a time it waited for
   * each answer to cross back and for this thread's turn. It waits only while an exclusive run (a
   * transaction, PGlite's own multi-message path) is running or waiting.
   */
  async _runShared<T>(fn: () => Promise<T>): Promise<T> {
    while (this.#exclusive > 0) await new Promise<void>((resolve) => this.#released.push(resolve));
    this.#shared++;
    try {
      return await fn();
    } finally {
      if (--this.#shared === 0) for (const drained of this.#drained.splice(0)) drained();
    }
  }

  /** One at a time, and alone: after the shared runs already sent, before any sent later. */
  override _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    this.#exclusive++;
    return this.#transactionMutex
      .runExclusive(async () => {
        while (this.#shared > 0) await new Promise<void>((resolve) => this.#drained.push(resolve));
        return fn();
      })
      .finally(() => {
        if (--this.#exclusive === 0) for (const released of this.#released.splice(0)) released();
      });
  }

  override async _handleBlob(blob?: File | Blob): Promise<void> {
    if (blob) throw new Error('PGlite in a worker thread takes no blobs (COPY … FROM /dev/blob)');
  }

  override async _getWrittenBlob(): Promise<undefined> {
    return undefined;
  }

  override async _cleanupBlob(): Promise<void> {}

  override async execProtocolRaw(
    message: Uint8Array,
    { syncToFs = true }: ExecProtocolOptions = {},
  ): Promise<Uint8Array> {
    return (await this.#call({ op: 'run', message, syncToFs })) ?? new Uint8Array();
  }

  override async execProtocolRawStream(message: Uint8Array, options: StreamOptions = {}): Promise<void> {
    const data = await this.execProtocolRaw(message, options);
    options.onRawData?.(data);
  }

  override async execProtocolStream(
    message: Uint8Array,
    { syncToFs, throwOnError = true, onNotice }: ExecProtocolOptions = {},
  ): Promise<BackendMessage[]> {
    const data = await this.execProtocolRaw(message, { syncToFs });
    const results: BackendMessage[] = [];
    let error: messages.DatabaseError | undefined;
    this.#parser.parse(data, (msg) => {
      // As PGlite: the first error is thrown once the output is read; what follows it is dropped.
      if (error) return;
      if (msg instanceof messages.DatabaseError) {
        if (throwOnError) error = msg;
      } else if (msg instanceof messages.NoticeMessage) onNotice?.(msg);
      else if (msg instanceof messages.NotificationResponseMessage) this.#notify(msg.channel, msg.payload);
      results.push(msg);
    });
    if (error) {
      this.#parser = new protocol.Parser();
      throw error;
    }
    return results;
  }

  override async execProtocol(message: Uint8Array, options: ExecProtocolOptions = {}) {
    const data = await this.execProtocolRaw(message, options);
    const results: BackendMessage[] = [];
    new protocol.Parser().parse(data, (msg) => void results.push(msg));
    return { messages: results, data };
  }

  #notify(channel: string, payload: string) {
    for (const listener of this.#listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
  }

  override async syncToFs(): Promise<void> {
    await this.#call({ op: 'sync' });
  }

  /** As PGlite: inside a transaction (`tx`), its LISTEN is one of the transaction's statements. */
  override listen(
    channel: string,
    listener: (payload: string) => void,
    tx?: Transaction,
  ): Promise<(tx?: Transaction) => Promise<void>> {
    return this.#listenMutex.runExclusive(async () => {
      const name = pgName(channel);
      const set = this.#listeners.get(name) ?? new Set();
      this.#listeners.set(name, set.add(listener));
      await (tx ?? this).exec(`LISTEN ${channel}`);
      return (tx?: Transaction) => this.unlisten(channel, listener, tx);
    });
  }

  override unlisten(channel: string, listener?: (payload: string) => void, tx?: Transaction): Promise<void> {
    return this.#listenMutex.runExclusive(async () => {
      const name = pgName(channel);
      if (listener) this.#listeners.get(name)?.delete(listener);
      if (!listener || this.#listeners.get(name)?.size === 0) {
        this.#listeners.delete(name);
        await (tx ?? this).exec(`UNLISTEN ${channel}`);
      }
    });
  }

  override async close(): Promise<void> {
    if (this.#closed) return;
    // After the statements already sent (an exclusive run waits for them): the engine closes its files, then
    // the thread ends.
    await this._runExclusiveTransaction(() => this.#call({ op: 'close' }));
    this.#closed = true;
    await this.#worker.terminate();
  }
}

/** A channel's name as PostgreSQL folds it (quoted: as written). */
const pgName = (channel: string) =>
  channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
