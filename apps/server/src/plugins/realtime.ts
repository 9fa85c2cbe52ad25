import type { ChatMessage, ServerFrame } from '@lokal/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { WebSocket } from 'ws';

/** `keepSession`: with a `signed-out` frame, the one session whose sockets stay open. */
export type RealtimeEvent = { to: string[]; frame: ServerFrame; keepSession?: string };

/** The close code of a socket whose session ended: the client then asks who is signed in. */
export const SIGNED_OUT_CLOSE = 4001;

/** Carries events between server instances: in-process for PGlite, LISTEN/NOTIFY on PostgreSQL. */
export type Bus = {
  publish: (event: RealtimeEvent) => Promise<void>;
  subscribe: (listener: (event: RealtimeEvent) => void) => void;
  /**
   * Hears the database's own notifications on a channel (a trigger's pg_notify), on PostgreSQL; PGlite's
   * database listens in process (Database.listen).
   */
  listen?: (channel: string, listener: (payload: string) => void) => Promise<void>;
  close: () => Promise<void>;
};

export function createLocalBus(): Bus {
  const listeners = new Set<(e: RealtimeEvent) => void>();
  return {
    async publish(event) {
      for (const l of listeners) l(event);
    },
    subscribe: (l) => void listeners.add(l),
    close: async () => listeners.clear(),
  };
}

const CHANNEL = 'lokal_events';
// NOTIFY payloads must stay under 8000 bytes; a long message travels as its id and is read back.
const MAX_NOTIFY_BYTES = 7500;

type Wire = (RealtimeEvent | { to: string[]; messageId: number }) & { seq?: number };

export async function createPgBus(
  connectionString: string,
  log: FastifyBaseLogger,
  loadMessage: (id: number) => Promise<ChatMessage | null>,
): Promise<Bus> {
  const listeners = new Set<(e: RealtimeEvent) => void>();
  const channels = new Map<string, Set<(payload: string) => void>>();
  const listen = new pg.Client({ connectionString });
  await listen.connect();
  const deliver = (event: RealtimeEvent) => {
    for (const l of listeners) l(event);
  };
  listen.on('notification', (n) => {
    if (n.channel !== CHANNEL) {
      for (const l of channels.get(n.channel) ?? []) l(n.payload ?? '');
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
  });
  listen.on('error', (err) => log.error({ err }, 'realtime LISTEN connection failed'));
  await listen.query(`LISTEN ${CHANNEL}`);
  const notify = new pg.Pool({ connectionString, max: 1 });
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
    async listen(channel, listener) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel ${channel}`);
      const set = channels.get(channel) ?? new Set();
      channels.set(channel, set);
      set.add(listener);
      if (set.size === 1) await listen.query(`LISTEN ${channel}`);
    },
    async close() {
      listeners.clear();
      channels.clear();
      await listen.end().catch(() => {});
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
  bus.subscribe(({ to, frame, keepSession }) => {
    if (frame.type === 'signed-out') for (const l of signedOut) l(to);
    const text = JSON.stringify(frame);
    for (const userId of to) {
      for (const [ws, sessionId] of sockets.get(userId) ?? []) {
        if (ws.readyState !== ws.OPEN) continue;
        if (frame.type !== 'signed-out') {
          ws.send(text);
        } else if (sessionId !== keepSession) {
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
    /** Hears every sign-out published by `signOut`, from any instance. */
    onSignedOut: (listener: (userIds: string[]) => void) => void signedOut.add(listener),
    connections: () => [...sockets.values()].reduce((n, s) => n + s.size, 0),
  };
}

export type Hub = ReturnType<typeof createHub>;
