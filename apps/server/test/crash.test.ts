import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_GUIDES, DEMO_TOURISTS } from '../seed/demo-data.ts';
import { ON_POSTGRES } from './helper.ts';
import {
  callOver,
  processDatabaseEnv,
  type ServerProcess,
  signInOver,
  startServerProcess,
  stopServerProcess,
  TEST_PUBLIC_URL,
} from './process-helper.ts';
import { connectSocket, type TestSocket } from './ws-helper.ts';

// Under chat load, kill -9 the server and start it again on the same database (PGlite in a data
// folder by default, PostgreSQL in CI). Every acknowledged message must be there exactly once, the clients
// resync from their last id, and the database opens cleanly.
const PAIRS = 8;
// The kill lands while messages are in flight: once this many were sent, whatever was acknowledged.
const KILL_AFTER_SENDS = 200;

let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) await stopServerProcess(server);
});

type Sender = {
  socket: TestSocket;
  cookie: string;
  conversationId: string;
  acked: Map<string, number>;
  sent: string[];
};

describe(`kill -9 under chat load (${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps every acknowledged message exactly once, and clients resync after the restart', async () => {
    const env = await processDatabaseEnv('crash');
    server = await startServerProcess(env);
    const first = server;

    // Tourists write to guides over their sockets, as fast as the acks come back.
    const senders: Sender[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const tourist = await signInOver(first.http, DEMO_TOURISTS[i]!.email, 'tourist');
      const guide = await signInOver(first.http, DEMO_GUIDES[i]!.email, 'guide');
      const opened = await callOver(first.http, tourist.cookie, '/api/chat/conversations', {
        guideId: guide.id,
      });
      expect(opened.status).toBe(200);
      const socket = await connectSocket(first.ws, tourist.cookie, TEST_PUBLIC_URL);
      const s: Sender = {
        socket,
        cookie: tourist.cookie,
        conversationId: opened.body.id as string,
        acked: new Map(),
        sent: [],
      };
      socket.ws.on('message', (raw) => {
        const f = JSON.parse(String(raw)) as { type: string; clientId?: string; message?: { id: number } };
        if (f.type === 'ack' && f.clientId) s.acked.set(f.clientId, f.message!.id);
      });
      senders.push(s);
    }
    await new Promise((r) => setTimeout(r, 200));
    let n = 0;
    const sentTotal = () => senders.reduce((sum, s) => sum + s.sent.length, 0);
    const killed = new Promise<void>((resolve) => {
      const pump = setInterval(() => {
        for (const s of senders) {
          if (s.socket.ws.readyState !== s.socket.ws.OPEN) continue;
          // A few in flight per socket, within the per-connection frame limit (40 per 10 s).
          if (s.sent.length - s.acked.size > 3 || s.sent.length >= 38) continue;
          const clientId = `crash-${String(n++).padStart(5, '0')}`;
          s.sent.push(clientId);
          s.socket.send({
            type: 'send',
            conversationId: s.conversationId,
            body: `load ${clientId}`,
            clientId,
          });
        }
        if (sentTotal() >= KILL_AFTER_SENDS) {
          clearInterval(pump);
          resolve();
        }
      }, 2);
    });
    await killed;
    // No warning, no shutdown: the process is gone mid-write.
    await stopServerProcess(first, 'SIGKILL');
    const ackedBefore = senders.reduce((sum, s) => sum + s.acked.size, 0);
    const sentBefore = senders.reduce((sum, s) => sum + s.sent.length, 0);
    console.log(`kill -9 after ${sentBefore} sends, ${ackedBefore} acknowledged`);
    expect(ackedBefore).toBeGreaterThan(PAIRS * 5);

    // The same database opens cleanly (health answers with the database up).
    server = await startServerProcess(env);
    const health = await fetch(`${server.http}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { database: string }).database).toBe('up');

    for (const s of senders) {
      // The client reconnects, asks for everything after the last id it saw, and resends what was not acked
      // with the same clientId (a message that was stored but not acked must not come back twice).
      const again = await connectSocket(server.ws, s.cookie, TEST_PUBLIC_URL);
      const lastSeen = Math.max(0, ...s.acked.values());
      again.send({ type: 'resume', conversationId: s.conversationId, after: lastSeen });
      await again.next((f) => f.type === 'history');
      const unacked = s.sent.filter((id) => !s.acked.has(id));
      for (const clientId of unacked) {
        again.send({ type: 'send', conversationId: s.conversationId, body: `load ${clientId}`, clientId });
      }
      for (const clientId of unacked)
        await again.next((f) => f.type === 'ack' && f.clientId === clientId, 10_000);
      await again.close();

      const stored: { clientId: string; id: number }[] = [];
      let after = 0;
      for (;;) {
        const page = await callOver(
          server.http,
          s.cookie,
          `/api/chat/conversations/${s.conversationId}/messages?after=${after}&limit=100`,
        );
        const rows = page.body.messages as { clientId: string; id: number }[];
        stored.push(...rows);
        if (rows.length < 100) break;
        after = rows.at(-1)!.id;
      }
      const ids = stored.map((m) => m.clientId).filter((id) => id.startsWith('crash-'));
      // Exactly once each: every acked message, and every resent one.
      expect(new Set(ids).size).toBe(ids.length);
      for (const [clientId, id] of s.acked) {
        expect(stored.find((m) => m.clientId === clientId)?.id, clientId).toBe(id);
      }
      expect(new Set(ids)).toEqual(new Set(s.sent));
    }
  }, 180_000);
});
