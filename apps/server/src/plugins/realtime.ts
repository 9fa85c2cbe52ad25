import type { ChatMessage, ServerFrame } from '@lokal/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { WebSocket } from 'ws';

/**
 * With a `signed-out` frame: `keepSession`, the one session whose sockets stay open; `onlySession`, the one
 * session that ended (a plain sign-out), whose sockets alone close.
 */
export type RealtimeEvent = { to: string[]; frame: ServerFrame; keepSession?: string; onlySession?: string };

/** The close code of a socket whose session ended: the client then asks who is signed in. */
export const SIGNED_OUT_CLOSE = 4001;
/** The close code of every socket when the bus came back after a drop ("service restart"): reconnect. */
export const BUS_BACK_CLOSE = 1012;

/** Carries events between server instances: in-process for PGlite, LISTEN/NOTIFY on PostgreSQL. */
export type Bus = {
  publish: (event: RealtimeEvent) => Promise<void>;
  subscribe: (listener: (event: RealtimeEvent) => void) => void;
  /**
   * Hears the database's own notifications on a channel (a trigger's pg_notify), on PostgreSQL; PGlite's
   * database listens in process (Database.listen). `missed`: the connection was down and came back, so
   * notifications may have been lost.
   */
  listen?: Listen;
  /** The bus came back after a drop: events of that time may have been missed. */
  onReconnect?: (listener: () => void) => void;
  /** Whether events reach the other instances now. */
  healthy: () => boolean;
  close: () => Promise<void>;
};

export type Listen = (
  channel: string,
  heard: (payload: string) => void,
  missed?: () => void,
) => Promise<void>;
type ChannelListener = { heard: (payload: string) => void; missed: (() => void) | undefined };

export function createLocalBus(): Bus {
  const listeners = new Set<(e: RealtimeEvent) => void>();
  return {
    async publish(event) {
      for (const l of listeners) l(event);
    },
    subscribe: (l) => void listeners.add(l),
    healthy: () => true,
    close: async () => listeners.clear(),
  };
}

const CHANNEL = 'lokal_events';
// NOTIFY payloads must stay under 8000 bytes; a long message travels as its id and is read back.
const MAX_NOTIFY_BYTES = 7500;

type Wire = (RealtimeEvent | { to: string[]; messageId: number }) & { seq?: number };

/** How soon a lost LISTEN connection is tried again: doubling from the first to the last, with jitter. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_LAST_MS = 5_000;
/** A connection attempt that has not succeeded by then has failed (a server that drops packets). */
export const CONNECT_TIMEOUT_MS = 2_000;

export async function createPgBus(
  connectionString: string,
  log: FastifyBaseLogger,
  loadMessage: (id: number) => Promise<ChatMessage | null>,
): Promise<Bus> {
  const listeners = new Set<(e: RealtimeEvent) => void>();
  const channels = new Map<string, Set<ChannelListener>>();
  const reconnected = new Set<() => void>();
  const deliver = (event: RealtimeEvent) => {
    for (const l of listeners) l(event);
  };
  const onNotification = (n: pg.Notification) => {
    if (n.channel !== CHANNEL) {
      for (const l of channels.get(n.channel) ?? []) l.heard(n.payload ?? '');
      return;
    }
    if (!n.payload) return;
    try {
      const wire = JSON.parse(n.payload) as Wire;
      if ('frame' in wire) return deliver(wire);
      loadMessage(wire.messageId).then(
        (message) => message && deliver({ to: wire.to, frame: { type: 'message', message } }),
        (err) => log.error({ err }, 'could not read a realtime message back'),
      );
    } catch (err) {
      log.warn({ err }, 'bad realtime payload');
    }
  };

  // The LISTEN connection: when it drops it is opened again, listens on every channel again, and then what
  // may have been missed meanwhile is said (`onReconnect`, each channel's `missed`).
  let current: pg.Client | null = null;
  let up = false;
  let everUp = false;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;
  function open(): Promise<void> {
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    current = client;
    const lost = (err?: unknown) => {
      if (current !== client) return;
      current = null;
      if (up) log.warn({ err }, 'realtime LISTEN connection lost; reconnecting');
      up = false;
      client.end().catch(() => {});
      if (closed) return;
      const delay = Math.min(RECONNECT_LAST_MS, RECONNECT_FIRST_MS * 2 ** attempt++);
      retry = setTimeout(() => void open(), delay / 2 + Math.random() * (delay / 2));
    };
    client.on('notification', onNotification);
    client.on('error', lost);
    client.on('end', () => lost());
    const all = [CHANNEL, ...channels.keys()].map((c) => `LISTEN ${c};`).join(' ');
    return client
      .connect()
      .then(() => client.query(all))
      .then(() => {
        if (current !== client) return;
        up = true;
        attempt = 0;
        const back = everUp;
        everUp = true;
        if (!back) return;
        log.info('realtime LISTEN connection back');
        for (const l of reconnected) l();
        for (const set of channels.values()) for (const l of set) l.missed?.();
      }, lost);
  }
  await open();
  const notify = new pg.Pool({ connectionString, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection that fails while idle is dropped by the pool; the next event opens another.
  notify.on('error', (err) => log.warn({ err }, 'realtime NOTIFY connection lost'));
  // Events wait here while a batch is on its way: every send and read mark publishes, and one statement per
  // event queued behind a few connections made a busy server's sends wait seconds.
  let queued: { payload: string; done: (err?: unknown) => void }[] = [];
  let sending = false;
  // PostgreSQL delivers identical payloads of one transaction once: a counter keeps each event its own.
  let seq = 0;
  async function sendQueued() {
    sending = true;
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      // One transaction, the events in the order they were published (unnest reads the array in order).
      const err = await notify
        .query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [CHANNEL, batch.map((e) => e.payload)])
        .then(
          () => undefined,
          (e: unknown) => e ?? new Error('notify failed'),
        );
      for (const e of batch) e.done(err);
    }
    sending = false;
  }
  return {
    publish(event) {
      let payload = JSON.stringify({ ...event, seq: ++seq });
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES && event.frame.type === 'message') {
        payload = JSON.stringify({ to: event.to, messageId: event.frame.message.id, seq } satisfies Wire);
      }
      return new Promise<void>((resolve, reject) => {
        queued.push({ payload, done: (err) => (err ? reject(err) : resolve()) });
        if (!sending) void sendQueued();
      });
    },
    subscribe: (l) => void listeners.add(l),
    async listen(channel, heard, missed) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel ${channel}`);
      const set = channels.get(channel) ?? new Set();
      channels.set(channel, set);
      set.add({ heard, missed });
      // While the connection is down the channel is listened on when it comes back.
      if (set.size === 1 && current && up) await current.query(`LISTEN ${channel}`);
    },
    onReconnect: (l) => void reconnected.add(l),
    healthy: () => up,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      listeners.clear();
      channels.clear();
      const client = current;
      current = null;
      await client?.end().catch(() => {});
      await notify.end().catch(() => {});
    },
  };
}

/** A sign-out made outside the servers (the operator command line): every instance on this PostgreSQL hears it. */
export async function announceSignedOut(connectionString: string, userId: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const event: RealtimeEvent = { to: [userId], frame: { type: 'signed-out' } };
    await client.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
  } finally {
    await client.end();
  }
}

/** The sockets this instance holds, by user; every instance delivers what the bus brings to its own sockets. */
export function createHub(bus: Bus) {
  // Each socket with the session it was opened with.
  const sockets = new Map<string, Map<WebSocket, string>>();
  const signedOut = new Set<(userIds: string[]) => void>();
  const missed = new Set<() => void>();
  // The bus was down: this instance may have missed messages, read marks, presence and sign-outs. Each socket
  // is closed as a server restart would (1012); its client reconnects and asks for what it missed.
  bus.onReconnect?.(() => {
    for (const l of missed) l();
    for (const set of sockets.values()) for (const ws of set.keys()) ws.close(BUS_BACK_CLOSE, 'reconnect');
  });
  bus.subscribe(({ to, frame, keepSession, onlySession }) => {
    if (frame.type === 'signed-out') for (const l of signedOut) l(to);
    const text = JSON.stringify(frame);
    for (const userId of to) {
      for (const [ws, sessionId] of sockets.get(userId) ?? []) {
        if (ws.readyState !== ws.OPEN) continue;
        if (frame.type !== 'signed-out') {
          ws.send(text);
        } else if (sessionId !== keepSession && (onlySession === undefined || sessionId === onlySession)) {
          // Its session ended: an open tab hears it live and the socket no longer carries anything.
          ws.send(text);
          ws.close(SIGNED_OUT_CLOSE, 'signed out');
        }
      }
    }
  });
  return {
    add(userId: string, ws: WebSocket, sessionId: string): boolean {
      const set = sockets.get(userId) ?? new Map<WebSocket, string>();
      const first = set.size === 0;
      set.set(ws, sessionId);
      sockets.set(userId, set);
      return first;
    },
    remove(userId: string, ws: WebSocket): boolean {
      const set = sockets.get(userId);
      set?.delete(ws);
      if (set && set.size === 0) {
        sockets.delete(userId);
        return true;
      }
      return false;
    },
    publish: (to: string[], frame: ServerFrame) => bus.publish({ to, frame }),
    /** Closes the user's sockets on every instance, but those of `keepSession` (docs/product.md#settings). */
    signOut: (userId: string, keepSession?: string) =>
      bus.publish({ to: [userId], frame: { type: 'signed-out' }, ...(keepSession ? { keepSession } : {}) }),
    /** One session ended: every instance forgets the member's cached sessions and closes that session's sockets. */
    sessionEnded: (userId: string, sessionId: string) =>
      bus.publish({ to: [userId], frame: { type: 'signed-out' }, onlySession: sessionId }),
    /** Hears every sign-out published by `signOut` or `sessionEnded`, from any instance. */
    onSignedOut: (listener: (userIds: string[]) => void) => void signedOut.add(listener),
    /** Hears that events may have been missed (the bus came back after a drop). */
    onMissed: (listener: () => void) => void missed.add(listener),
    healthy: () => bus.healthy(),
    connections: () => [...sockets.values()].reduce((n, s) => n + s.size, 0),
  };
}

export type Hub = ReturnType<typeof createHub>;
