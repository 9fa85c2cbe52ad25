import {
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
  types,
} from '@electric-sql/pglite';
import { Parser } from 'pg-protocol/dist/parser.js';
import type { PGliteRemote } from './pglite-remote.ts';
import { plansOnce, statementName } from './statement-names.ts';

type Field = { name: string; dataTypeID: number };
type Described = { types: number[]; fields: readonly Field[] };
type Query = PGlite['query'];
/** The messages of one call into the engine, as node-postgres's protocol parser gives them. */
type Message = {
  name: string;
  /** A data row's values, or a row description's columns. */
  fields?: (string | null)[] | Field[];
  dataTypeIDs?: number[];
  text?: string;
  channel?: string;
  payload?: string;
};

const { serialize } = protocol;
const EXECUTE_AND_SYNC = Buffer.concat([serialize.execute({}), serialize.sync()]);
/**
 * A statement planOnce() prepared runs between these two (decision 073): its plan is made once, generically,
 * as on PostgreSQL's lanes for it. All three are one implicit transaction up to the Sync, so a statement that
 * fails leaves the setting as it was (a SET is undone with its transaction).
 */
const GENERIC_ON = 'lokal_plan_generic';
const GENERIC_OFF = 'lokal_plan_auto';
const PLAN_ONCE_BEFORE = Buffer.concat([serialize.bind({ statement: GENERIC_ON }), serialize.execute({})]);
const PLAN_ONCE_AFTER = Buffer.concat([
  serialize.bind({ statement: GENERIC_OFF }),
  serialize.execute({}),
  serialize.sync(),
]);
/** The commands whose count is of rows changed (PGlite's `affectedRows`). */
const CHANGES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * PGlite's `query` parses and plans its text on every call, in five calls into the engine (parse, two
 * describes, bind, execute): for a short read that was most of its cost (a 13-row read: 500-600 µs against 150
 * µs prepared). Here, as on PostgreSQL (decision 044), each parameterized text is prepared once under its name
 * and then only bound and executed, in one call into the engine; the row description read when it was prepared
 * stands for every execution (decision 064). Inside a transaction the same, on the transaction's turn; anything
 * else (no parameters, a blob, a text past the names' bound) takes PGlite's own path.
 *
 * The engine's answer to a run is read by node-postgres's protocol parser, not PGlite's, which copies every
 * field into a buffer of its own before decoding it (a 20-row read: 130 µs against 460 µs). So the
 * notifications of a run's triggers are delivered here, to the listeners `listen` registered, as PGlite would.
 */
export function prepareStatementsOnPglite(client: PGliteRemote): void {
  const described = new Map<string, Described>();
  const listeners = new Map<string, Set<(payload: string) => void>>();

  /** One call into the engine: its messages, its error thrown once all are read, as PGlite does. */
  async function run(message: Uint8Array, options?: QueryOptions, syncToFs = false): Promise<Message[]> {
    const chunks: Buffer[] = [];
    // The engine's output is a view of its memory, reused by the next call: copied.
    const onRawData = (data: Uint8Array) => void chunks.push(Buffer.from(data));
    await client.execProtocolRawStream(message, { syncToFs, onRawData });
    const messages: Message[] = [];
    let error: Error | undefined;
    const parser = new Parser();
    for (const chunk of chunks)
      parser.parse(chunk, (m) => {
        if (error) return;
        if (m.name === 'error') error = m as unknown as Error;
        else if (m.name === 'notice') options?.onNotice?.(m as never);
        else if (m.name === 'notification') {
          const { channel, payload } = m as Message;
          for (const listener of listeners.get(channel!) ?? []) queueMicrotask(() => listener(payload!));
        } else messages.push(m as Message);
      });
    if (error) throw error;
    return messages;
  }

  // Statements run side by side (PGliteRemote's shared runs): the first to meet a text prepares it, the others
  // wait for that, rather than preparing it twice (which the engine refuses).
  const describing = new Map<string, Promise<Described>>();
  function describeOnce(name: string, text: string): Promise<Described> {
    let d = describing.get(name);
    if (!d) {
      d = describe(name, text).finally(() => describing.delete(name));
      describing.set(name, d);
    }
    return d;
  }

  async function describe(name: string, text: string): Promise<Described> {
    const messages = await run(
      Buffer.concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const columns = messages.find((m) => m.name === 'rowDescription')?.fields as Field[] | undefined;
    const d = {
      types: messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [],
      // Shared by every result of the statement, so frozen.
      fields: Object.freeze(
        (columns ?? []).map(({ name, dataTypeID }) => Object.freeze({ name, dataTypeID })),
      ),
    };
    described.set(name, d);
    return d;
  }

  let settingsPrepared: Promise<unknown> | null = null;
  const prepareSettings = () =>
    (settingsPrepared ??= run(
      Buffer.concat([
        serialize.parse({ name: GENERIC_ON, text: 'SET plan_cache_mode = force_generic_plan' }),
        serialize.parse({ name: GENERIC_OFF, text: 'SET plan_cache_mode = auto' }),
        serialize.sync(),
      ]),
    ).catch((err) => {
      settingsPrepared = null;
      throw err;
    }));

  /** Outside a transaction the run syncs the files as it ends (`syncToFs`), as PGlite's `query` does. */
  async function execute<T>(
    name: string,
    text: string,
    params: unknown[],
    options?: QueryOptions,
    syncToFs = false,
  ) {
    try {
      const d = described.get(name) ?? (await describeOnce(name, text));
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = d.types[i]!;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const bind = serialize.bind({ statement: name, values: values as string[] });
      if (!plansOnce(text)) {
        const messages = await run(Buffer.concat([bind, EXECUTE_AND_SYNC]), options, syncToFs);
        return resultOf<T>(d.fields, messages, options);
      }
      await prepareSettings();
      const messages = await run(
        Buffer.concat([PLAN_ONCE_BEFORE, bind, serialize.execute({}), PLAN_ONCE_AFTER]),
        options,
        syncToFs,
      );
      // The first SET's answer ends where the statement's begins.
      return resultOf<T>(
        d.fields,
        messages.slice(messages.findIndex((m) => m.name === 'commandComplete') + 1),
        options,
      );
    } catch (err) {
      // As PGlite's own path reports a failed statement: the error with its text and parameters.
      throw Object.assign(err as Error, { query: text, params, queryOptions: options });
    }
  }

  /**
   * The rows as PGlite's `parseResults` gives them for one statement, without its copy of every parser
   * (hundreds, one per array type) into a new object on each call: each column's parser is looked up once.
   */
  function resultOf<T>(fields: readonly Field[], messages: Message[], options?: QueryOptions): Results<T> {
    const parsers = fields.map(
      ({ dataTypeID: t }) => options?.parsers?.[t] ?? client.parsers[t] ?? types.parsers[t],
    );
    const asArrays = options?.rowMode === 'array';
    const rows: unknown[] = [];
    for (const m of messages) {
      if (m.name === 'dataRow') {
        const values = (m.fields as (string | null)[]).map((v, i) =>
          v === null ? null : parsers[i] ? parsers[i](v, fields[i]!.dataTypeID) : v,
        );
        if (asArrays) rows.push(values);
        else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < fields.length; i++) row[fields[i]!.name] = values[i];
          rows.push(row);
        }
      } else if (m.name === 'commandComplete') {
        const words = m.text!.split(' ');
        const command = words[0]!;
        const count = Number.parseInt(words[words.length - 1]!, 10);
        return {
          rows: rows as T[],
          fields: fields as Field[],
          command,
          affectedRows: CHANGES.has(command) ? count : 0,
          ...(Number.isNaN(count) ? {} : { rowCount: count }),
        } as Results<T>;
      }
    }
    return { affectedRows: 0, rows: [], fields: [] };
  }

  const plainQuery = client.query.bind(client);
  const preparedName = (text: string, params?: unknown[], options?: QueryOptions) =>
    params?.length && !options?.blob ? statementName(text) : undefined;

  client.query = (async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const name = preparedName(text, params, options);
    if (!name) return plainQuery<T>(text, params, options);
    // Sent at once unless a transaction (or PGlite's own path) runs: each of its messages is whole.
    await client._checkReady();
    return client._runShared(() => execute<T>(name, text, params!, options, true));
  }) as Query;

  // A channel's listeners, kept also here for the notifications of the runs above, named as PGlite names them.
  // (The function `listen` gives back calls `unlisten`.)
  const pgName = (channel: string) =>
    channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
  const plainListen = client.listen.bind(client);
  client.listen = async (channel, listener, tx) => {
    const unlisten = await plainListen(channel, listener, tx);
    const set = listeners.get(pgName(channel)) ?? new Set();
    listeners.set(pgName(channel), set.add(listener));
    return unlisten;
  };
  const plainUnlisten = client.unlisten.bind(client);
  client.unlisten = async (channel, listener, tx) => {
    if (listener) listeners.get(pgName(channel))?.delete(listener);
    else listeners.delete(pgName(channel));
    await plainUnlisten(channel, listener, tx);
  };

  const plainTransaction = client.transaction.bind(client);
  client.transaction = (<T>(run: (tx: Transaction) => Promise<T>) =>
    plainTransaction((tx) => {
      const txQuery = tx.query.bind(tx);
      const prepared: Transaction = Object.create(tx, {
        query: {
          value: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
            const name = preparedName(text, params, options);
            if (!name || tx.closed) return txQuery<R>(text, params, options);
            return client._runExclusiveQuery(() => execute<R>(name, text, params!, options));
          },
        },
      });
      return run(prepared);
    })) as PGlite['transaction'];
}
