import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createLocalBus } from '../src/plugins/realtime.ts';
import { mockSignIn, ON_POSTGRES, openTestDatabase, testConfig } from './helper.ts';
import { connectSocket, handshakeStatus as refused } from './ws-helper.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

// Two server instances on one database: on PostgreSQL each has its own pool and LISTEN connection;
// on PGlite (one process per database) they share the database and an in-process bus.
let a: App;
let b: App;
let urlA = '';
let urlB = '';
let close: () => Promise<void>;
let n = 0;
const publicUrl = 'http://localhost:3000';

async function listen(app: App) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api/ws`;
}

const signIn = (app: App, email: string, userType: 'tourist' | 'guide') => mockSignIn(app, email, userType);

const connect = (url: string, cookie: string, origin = publicUrl) => connectSocket(url, cookie, origin);

let tourist: { cookie: string; id: string };
let guide: { cookie: string; id: string };
let conversationId = '';

beforeAll(async () => {
  const config = { ...testConfig(), publicUrl };
  if (ON_POSTGRES) {
    const dbA = await openTestDatabase();
    a = await buildApp(config, { database: dbA, seed: true });
    const { openDatabase } = await import('../src/db/client.ts');
    const dbB = await openDatabase(dbA.url, config.dataDir);
    b = await buildApp(config, { database: dbB });
    close = async () => {
      await a.close();
      await b.close();
      await dbA.close();
      await dbB.close();
    };
  } else {
    const db = await openTestDatabase();
    const bus = createLocalBus();
    a = await buildApp(config, { database: db, seed: true, bus });
    b = await buildApp(config, { database: db, bus });
    close = async () => {
      await a.close();
      await b.close();
      await db.close();
    };
  }
  urlA = await listen(a);
  urlB = await listen(b);
  tourist = await signIn(a, 'james.whitfield@demo.lokal.app', 'tourist');
  guide = await signIn(a, 'sofia.martinez@demo.lokal.app', 'guide');
  const opened = await a.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: { cookie: tourist.cookie },
    payload: { guideId: guide.id },
  });
  conversationId = opened.json().id;
});
afterAll(() => close());

describe('WebSocket /api/ws', () => {
  it('delivers live across two server instances, acknowledges after commit, and sends read receipts', async () => {
    const t = await connect(urlA, tourist.cookie);
    const g = await connect(urlB, guide.cookie);
    // The handshake is done; the server attaches its handlers right after.
    await new Promise((r) => setTimeout(r, 100));
    const clientId = `ws-${Date.now()}-${n++}`;
    t.send({ type: 'send', conversationId, body: 'Live hello', clientId });
    const ack = await t.next((f) => f.type === 'ack' && f.clientId === clientId);
    const stored = (ack.message as { id: number }).id;
    const rows = await a.inject({
      url: `/api/chat/conversations/${conversationId}/messages?after=${stored - 1}`,
      headers: { cookie: guide.cookie },
    });
    expect(rows.json().messages.map((m: { id: number }) => m.id)).toContain(stored);
    const live = await g.next(
      (f) => f.type === 'message' && (f.message as { clientId: string }).clientId === clientId,
    );
    expect((live.message as { body: string }).body).toBe('Live hello');

    g.send({ type: 'typing', conversationId });
    await t.next((f) => f.type === 'typing' && f.userId === guide.id);
    g.send({ type: 'read', conversationId });
    await t.next((f) => f.type === 'read' && f.readerId === guide.id);
    await t.close();
    await g.close();
  });

  it('never doubles a retried send and resumes after the last id seen', async () => {
    const t = await connect(urlA, tourist.cookie);
    const clientId = `retry-${Date.now()}-${n++}`;
    t.send({ type: 'send', conversationId, body: 'once', clientId });
    t.send({ type: 'send', conversationId, body: 'once', clientId });
    await t.next((f) => f.type === 'ack' && f.clientId === clientId);
    await new Promise((r) => setTimeout(r, 200));
    const acks = t.frames.filter((f) => f.type === 'ack' && f.clientId === clientId);
    expect(new Set(acks.map((f) => (f.message as { id: number }).id)).size).toBe(1);
    const lastSeen = (acks[0]!.message as { id: number }).id;
    await t.close();

    // Messages sent while the tourist was away come back on resume, in order, each once.
    for (const body of ['while away 1', 'while away 2']) {
      await b.inject({
        method: 'POST',
        url: '/api/chat/send',
        headers: { cookie: guide.cookie },
        payload: { conversationId, body, clientId: `away-${Date.now()}-${n++}` },
      });
    }
    // The guide read the tourist's message meanwhile: the resume carries that read mark too.
    await b.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/read`,
      headers: { cookie: guide.cookie },
    });
    const again = await connect(urlB, tourist.cookie);
    again.send({ type: 'resume', conversationId, after: lastSeen });
    const history = await again.next((f) => f.type === 'history');
    expect((history.messages as { body: string }[]).map((m) => m.body)).toEqual([
      'while away 1',
      'while away 2',
    ]);
    const receipt = await again.next((f) => f.type === 'read');
    expect(receipt).toMatchObject({ readerId: guide.id, upTo: lastSeen });
    await again.close();
  });

  it('tells both sides live when one blocks the other', async () => {
    const t = await connect(urlA, tourist.cookie);
    const g = await connect(urlB, guide.cookie);
    await new Promise((r) => setTimeout(r, 100));
    const blocked = await a.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/block`,
      headers: { cookie: guide.cookie },
    });
    expect(blocked.statusCode).toBe(200);
    await t.next((f) => f.type === 'conversation' && f.conversationId === conversationId);
    await g.next((f) => f.type === 'conversation' && f.conversationId === conversationId);
    t.send({ type: 'send', conversationId, body: 'are you there?', clientId: `blocked-${n++}` });
    const refusal = await t.next((f) => f.type === 'error' && f.code === 'blocked');
    expect(refusal.message).toBe('You can no longer send messages in this conversation.');
    await a.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/unblock`,
      headers: { cookie: guide.cookie },
    });
    await t.close();
    await g.close();
  });

  it('refuses a foreign Origin and a missing session before the upgrade', async () => {
    expect(await refused(urlA, { cookie: tourist.cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await refused(urlA, { origin: publicUrl })).toBe(401);
  });

  it('answers bad frames with an error frame and closes on frames over 64 KB', async () => {
    const t = await connect(urlA, tourist.cookie);
    t.send({ type: 'shout', conversationId });
    await t.next((f) => f.type === 'error' && f.code === 'bad-frame');
    t.ws.send('not json');
    await t.next((f) => f.type === 'error' && f.message === 'Frames are JSON');
    const stranger = await signIn(a, 'aisha.rahman@demo.lokal.app', 'tourist');
    const s = await connect(urlA, stranger.cookie);
    s.send({ type: 'send', conversationId, body: 'let me in', clientId: `x-${Date.now()}` });
    await s.next((f) => f.type === 'error' && f.code === 'not-found');
    await s.close();
    const closed = new Promise<number>((r) => t.ws.once('close', (code) => r(code)));
    t.ws.send('x'.repeat(64 * 1024 + 1));
    expect(await closed).toBe(1009);
    const count = await a.inject({
      url: `/api/chat/conversations/${conversationId}/messages?limit=100`,
      headers: { cookie: tourist.cookie },
    });
    expect(count.json().messages.some((m: { body: string }) => m.body === 'let me in')).toBe(false);
    // Keep the database honest: no message was stored for the stranger.
    const rows = await a.inject({ url: '/api/chat/conversations', headers: { cookie: stranger.cookie } });
    expect(rows.json().conversations).toEqual([]);
  });
});
