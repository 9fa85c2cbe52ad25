import type pg from 'pg';
import { plansOnce } from './statement-names.ts';

/** A plain read: the statement starts with `select` (a `with` may hide a write). */
const READ = /^\s*select\b/i;

/** A pipelined connection; `since` holds when each statement in flight was asked, oldest first (answers come in order). */
type Lane = { client: Promise<pg.Client> | null; waiting: number; since: number[] };
/** Statements in flight a lane takes before the next lane is used. */
const LANE_DEPTH = 32;
/** A lane whose oldest statement in flight has waited this long (ms) is passed over for the next. */
const LANE_SLOW_MS = 10;

/**
 * The statements asked of one connection in one turn of the event loop go out in one write: the socket is
 * corked until the loop has run every callback of the I/O it found ready (setImmediate), so the requests that
 * arrived together share a write. Each write wakes the database's process, and on a virtual machine a wake-up
 * costs more than the statement (decision 058). pg corks each statement's messages on its own; corks nest.
 */
function holdWrites(client: pg.Client): void {
  const stream = (client as unknown as { connection?: { stream?: Corkable } }).connection?.stream;
  if (!stream?.cork || corked.has(stream)) return;
  corked.add(stream);
  stream.cork();
  setImmediate(() => {
    corked.delete(stream);
    stream.uncork();
  });
}
type Corkable = { cork?: () => void; uncork: () => void };
const corked = new WeakSet<Corkable>();

/**
 * The reads outside transactions share a few connections in pipeline mode (decision 050): a statement is
 * written as soon as it is asked, behind those still running on that connection, instead of waiting for a
 * connection of its own. On a server short of CPU the database then reads and answers several statements per
 * wake-up. Each statement carries its own Sync, so an error fails only that statement. A transaction, or
 * anything else that needs a connection to itself, gets one from `connect()` (the ordinary pool); the class's
 * name ends in "Pool" because that is how Drizzle knows to open transactions with `connect()`.
 */
export class PipelinedPool {
  private readonly lanes: Lane[];
  /**
   * Lanes whose connections plan every statement once, generically, for the statements prepared for it
   * (planOnce, decision 073): PostgreSQL would otherwise plan them again on every execution.
   */
  private readonly genericLanes: Lane[];
  private ended = false;

  constructor(
    private readonly config: pg.ClientConfig,
    lanes: number,
    private readonly pool: pg.Pool,
    private readonly Client: typeof pg.Client,
  ) {
    const some = (n: number) =>
      Array.from({ length: n }, (): Lane => ({ client: null, waiting: 0, since: [] }));
    this.lanes = some(lanes);
    this.genericLanes = some(Math.max(1, Math.floor(lanes / 2)));
  }

  async query(config: pg.QueryConfig | string, values?: unknown[]): Promise<pg.QueryResult> {
    // Writes take a connection of their own: a write can wait for a row another request's transaction holds,
    // and a lane must never wait (that transaction may be waiting for a read queued behind it). Reads take
    // no row locks.
    if (this.ended) throw new Error('Cannot use a pool after calling end on the pool');
    if (!READ.test(typeof config === 'string' ? config : config.text)) return this.pool.query(config, values);
    const now = performance.now();
    // Only a prepared statement (one with a name) can be one planOnce() prepared: others skip the look-up.
    const generic = typeof config !== 'string' && config.name !== undefined && plansOnce(config.text);
    const lane = this.pick(generic ? this.genericLanes : this.lanes, now);
    lane.waiting += 1;
    lane.since.push(now);
    try {
      lane.client ??= this.open(lane, generic);
      const client = await lane.client;
      holdWrites(client);
      return await client.query(config as pg.QueryConfig, values);
    } finally {
      lane.waiting -= 1;
      lane.since.shift();
    }
  }

  /**
   * The first lane with room whose oldest statement is not slow: under a moderate load every read goes down one
   * connection, so a turn's reads share one write and the database wakes once (decision 058). A lane that is
   * full, or held up by a slow statement, is passed over for the next; when every lane is, the one with the
   * fewest statements in flight.
   */
  private pick(lanes: Lane[], now: number): Lane {
    for (const lane of lanes) {
      if (lane.waiting === 0 || (lane.waiting < LANE_DEPTH && now - lane.since[0]! < LANE_SLOW_MS))
        return lane;
    }
    return lanes.reduce((a, b) => (b.waiting < a.waiting ? b : a));
  }

  private open(lane: Lane, generic: boolean): Promise<pg.Client> {
    const client = new this.Client({
      ...this.config,
      pipeline: true,
      // A generic plan costs a `limit` it cannot see at a tenth of the rows: JIT would compile such a plan on
      // every execution (20 ms for a page of three), so these connections never compile.
      ...(generic ? { options: '-c plan_cache_mode=force_generic_plan -c jit=off' } : {}),
    } as pg.ClientConfig);
    const opened = client.connect().then(() => client);
    // A lost connection fails the statements in flight on it; the next statement opens the lane again.
    const drop = () => {
      if (lane.client === opened) lane.client = null;
    };
    client.on('error', drop);
    client.on('end', drop);
    opened.catch(drop);
    return opened;
  }

  /** A connection of its own (transactions, migrations), from the ordinary pool. */
  connect(): Promise<pg.PoolClient> {
    return this.pool.connect();
  }

  async end(): Promise<void> {
    this.ended = true;
    await Promise.all(
      [...this.lanes, ...this.genericLanes].map(async (lane) => {
        const client = await lane.client?.catch(() => null);
        lane.client = null;
        await client?.end().catch(() => undefined);
      }),
    );
    await this.pool.end();
  }
}
