import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../helper.ts';
import {
  callOver,
  type ServerProcess,
  signInOver,
  startServerProcess,
  stopServerProcess,
  TEST_PUBLIC_URL,
} from '../process-helper.ts';
import { connectSocket } from '../ws-helper.ts';

// Two real server processes on one PostgreSQL, the tourist on one and the guide on the other.
// Runs only against PostgreSQL (vitest.config.ts includes this folder when DATABASE_URL is postgres://).
let instances: ServerProcess[] = [];
const PUBLIC_URL = TEST_PUBLIC_URL;
const signIn = signInOver;
const call = callOver;
// Each instance keeps a session it looked up for 10 s here (1 s by default): only a forget can end it sooner.
const startInstance = (url: string) =>
  startServerProcess({
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lokal-instance-')),
    SESSION_CACHE_MS: '10000',
  });

beforeAll(async () => {
  const database = await openTestDatabase();
  const url = database.url!;
  await database.close();
  // Started one after the other: the first seeds the demo data, the second finds it there.
  instances = [await startInstance(url)];
  instances.push(await startInstance(url));
});

afterAll(async () => {
  await Promise.all(instances.map((i) => stopServerProcess(i)));
});

describe('two server processes on one PostgreSQL', () => {
  it('carry messages, long ones too, read receipts and typing between a tourist on one and a guide on the other', async () => {
    const [a, b] = instances as [ServerProcess, ServerProcess];
    const tourist = await signIn(a.http, 'james.whitfield@demo.lokal.app', 'tourist');
    const guide = await signIn(b.http, 'sofia.martinez@demo.lokal.app', 'guide');
    const opened = await call(a.http, tourist.cookie, '/api/chat/conversations', { guideId: guide.id });
    expect(opened.status).toBe(200);
    const conversationId = opened.body.id as string;

    const t = await connectSocket(a.ws, tourist.cookie, PUBLIC_URL);
    const g = await connectSocket(b.ws, guide.cookie, PUBLIC_URL);
    await new Promise((r) => setTimeout(r, 200));

    // Tourist → guide over the tourist's socket on instance A.
    t.send({ type: 'send', conversationId, body: 'Hello from instance A', clientId: 'two-proc-1' });
    const ack = await t.next((f) => f.type === 'ack' && f.clientId === 'two-proc-1');
    const live = await g.next(
      (f) => f.type === 'message' && (f.message as { clientId: string }).clientId === 'two-proc-1',
    );
    expect(live.message).toEqual(ack.message);

    // Guide → tourist over REST on instance B; 2000 four-byte characters exceed NOTIFY's 8000-byte payload.
    const long = '🌍'.repeat(1000) + 'é'.repeat(1000);
    const sent = await call(b.http, guide.cookie, '/api/chat/send', {
      conversationId,
      body: long,
      clientId: 'two-proc-2',
    });
    expect(sent.status).toBe(201);
    const back = await t.next(
      (f) => f.type === 'message' && (f.message as { clientId: string }).clientId === 'two-proc-2',
    );
    expect((back.message as { body: string }).body).toBe(long);

    g.send({ type: 'typing', conversationId });
    await t.next((f) => f.type === 'typing' && f.userId === guide.id);
    g.send({ type: 'read', conversationId });
    await t.next((f) => f.type === 'read' && f.readerId === guide.id);

    // Each message reached the other side exactly once.
    await new Promise((r) => setTimeout(r, 300));
    expect(
      g.frames.filter(
        (f) => f.type === 'message' && (f.message as { clientId: string }).clientId === 'two-proc-1',
      ),
    ).toHaveLength(1);
    expect(
      t.frames.filter(
        (f) => f.type === 'message' && (f.message as { clientId: string }).clientId === 'two-proc-2',
      ),
    ).toHaveLength(1);
    await t.close();
    await g.close();
  });

  it('end a session on every instance at once: signed out everywhere on one, refused by the other that remembered it', async () => {
    const [a, b] = instances as [ServerProcess, ServerProcess];
    const here = await signIn(a.http, 'aisha.rahman@demo.lokal.app', 'tourist');
    const there = await signIn(b.http, 'aisha.rahman@demo.lokal.app', 'tourist');
    // Instance B now remembers the second session.
    expect((await call(b.http, there.cookie, '/api/users/status')).status).toBe(200);
    expect((await call(a.http, here.cookie, '/api/users/settings/sign-out-everywhere', {})).status).toBe(200);
    const deadline = Date.now() + 3000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await call(b.http, there.cookie, '/api/users/status')).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
  });

  it('end one session on every instance at once: signed out on one, refused by the other that remembered it', async () => {
    const [a, b] = instances as [ServerProcess, ServerProcess];
    const session = await signIn(a.http, 'traveler@lokal.test', 'tourist');
    const other = await signIn(a.http, 'traveler@lokal.test', 'tourist');
    // Instance B now remembers both sessions, for 10 s.
    expect((await call(b.http, session.cookie, '/api/users/status')).status).toBe(200);
    expect((await call(b.http, other.cookie, '/api/users/status')).status).toBe(200);
    expect((await call(a.http, session.cookie, '/api/auth/sign-out', {})).status).toBe(200);
    const deadline = Date.now() + 3000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await call(b.http, session.cookie, '/api/users/status')).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
    // The member's other session goes on.
    expect((await call(b.http, other.cookie, '/api/users/status')).status).toBe(200);
  });
});
