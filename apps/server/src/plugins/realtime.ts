import type { ChatMessage, ServerFrame } from '@lokal/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { WebSocket } from 'ws';

export type RealtimeEvent = { to: string[]; frame: ServerFrame };

/** Carries events between server instances: in-process for PGlite, LISTEN/NOTIFY on PostgreSQL. */
export type Bus = {
  publish: (event: RealtimeEvent) => Promise<void>;
  subscribe: (listener: (event: RealtimeEvent) => void) => void;
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

type Wire = RealtimeEvent | { to: string[]; messageId: number };

export async function createPgBus(
  connectionString: string,
  log: FastifyBaseLogger,
  loadMessage: (id: number) => Promise<ChatMessage | null>,
): Promise<Bus> {
  const listeners = new Set<(e: RealtimeEvent) => void>();
  const listen = new pg.Client({ connectionString });
  await listen.connect();
  const deliver = (event: RealtimeEvent) => {
    for (const l of listeners) l(event);
  };
  listen.on('notification', (n) => {
    if (n.channel !== CHANNEL || !n.payload) return;
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
  const notify = new pg.Pool({ connectionString, max: 2 });
  return {
    async publish(event) {
      let payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES && event.frame.type === 'message') {
        payload = JSON.stringify({ to: event.to, messageId: event.frame.message.id } satisfies Wire);
      }
      await notify.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    },
    subscribe: (l) => void listeners.add(l),
    async close() {
      listeners.clear();
      await listen.end().catch(() => {});
      await notify.end().catch(() => {});
    },
  };
}

/** The sockets this instance holds, by user; every instance delivers what the bus brings to its own sockets. */
export function createHub(bus: Bus) {
  const sockets = new Map<string, Set<WebSocket>>();
  bus.subscribe(({ to, frame }) => {
    const text = JSON.stringify(frame);
    for (const userId of to) {
      for (const ws of sockets.get(userId) ?? []) if (ws.readyState === ws.OPEN) ws.send(text);
    }
  });
  return {
    add(userId: string, ws: WebSocket): boolean {
      const set = sockets.get(userId) ?? new Set();
      const first = set.size === 0;
      set.add(ws);
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
    connections: () => [...sockets.values()].reduce((n, s) => n + s.size, 0),
  };
}

export type Hub = ReturnType<typeof createHub>;
