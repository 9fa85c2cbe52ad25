import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../postgres-cluster-helper.ts';
import {
  callOver,
  type ServerProcess,
  signInOver,
  startServerProcess,
  stopServerProcess,
  TEST_PUBLIC_URL,
} from '../process-helper.ts';
import { connectSocket } from '../ws-helper.ts';

// Two real server processes on a PostgreSQL server of the test's own, which the test cuts off and stops under
// them (docs/product.md#when-the-database-is-away). Runs only against PostgreSQL (vitest.config.ts).
let cluster: Cluster;
let instances: ServerProcess[] = [];
type Member = { cookie: string; id: string };
let tourist: Member;
let guide: Member;
let conversationId = '';

const startInstance = (url: string) =>
  startServerProcess({ DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lokal-fault-')) });

/** Asks until `ok` holds of the answer: what a client retrying after Retry-After sees. */
async function until<T>(ask: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const v = await ask().catch((err: unknown) => err as T);
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: last ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const health = (i: ServerProcess) =>
  fetch(`${i.http}/api/health`).then(async (r) => ({ status: r.status, body: await r.json() }));

const serving = (i: ServerProcess) =>
  until(
    () => health(i),
    (h) => h.status === 200 && h.body.bus === 'up',
    'health back',
  );

/** Live chat between the tourist on one instance and the guide on the other, both ways. */
async function chatCrosses(a: ServerProcess, b: ServerProcess, tag: string) {
  const t = await connectSocket(a.ws, tourist.cookie, TEST_PUBLIC_URL);
  const g = await connectSocket(b.ws, guide.cookie, TEST_PUBLIC_URL);
  try {
    // A socket is heard once its server has registered it: the guide's typing reaching the tourist says so.
    await until(
      async () => {
        g.send({ type: 'typing', conversationId });
        return t
          .next((f) => f.type === 'typing', 200)
          .then(
            () => true,
            () => false,
          );
      },
      (heard) => heard,
      'typing across instances',
    );
    t.send({ type: 'send', conversationId, body: `live ${tag}`, clientId: `live-${tag}` });
    await g.next(
      (f) => f.type === 'message' && (f.message as { clientId: string }).clientId === `live-${tag}`,
    );
  } finally {
    await t.close();
    await g.close();
  }
}

beforeAll(async () => {
  cluster = await startCluster();
  instances = [await startInstance(cluster.url)];
  instances.push(await startInstance(cluster.url));
  const [a, b] = instances as [ServerProcess, ServerProcess];
  tourist = await signInOver(a.http, 'james.whitfield@demo.lokal.app', 'tourist');
  guide = await signInOver(b.http, 'sofia.martinez@demo.lokal.app', 'guide');
  const opened = await callOver(a.http, tourist.cookie, '/api/chat/conversations', { guideId: guide.id });
  expect(opened.status).toBe(200);
  conversationId = opened.body.id as string;
}, 240_000);

afterAll(async () => {
  await Promise.all(instances.map((i) => stopServerProcess(i)));
  cluster?.remove();
});

describe('faults under two instances on one PostgreSQL', () => {
  it('outlives every backend of both instances being terminated: they serve again and live chat crosses again', async () => {
    const [a, b] = instances as [ServerProcess, ServerProcess];
    await chatCrosses(a, b, 'before-terminate');
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    const ended = await admin.query(
      'select pg_terminate_backend(pid) as ok from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database()',
    );
    await admin.end();
    // Each instance had its read lanes and its LISTEN connection open.
    expect(ended.rows.length).toBeGreaterThanOrEqual(4);

    for (const i of instances) {
      await serving(i);
      const read = await until(
        () => callOver(i.http, tourist.cookie, '/api/chat/conversations'),
        (r) => r.status === 200,
        'a read after the terminate',
      );
      expect(read.status).toBe(200);
    }
    await chatCrosses(a, b, 'after-terminate');
    for (const i of instances) expect(i.child.exitCode).toBeNull();
  });

  it('answers 503 with Retry-After while PostgreSQL is stopped, serves again once it is back, and loses nothing acknowledged', async () => {
    const [a, b] = instances as [ServerProcess, ServerProcess];
    // Slots of the guide's first experience over the coming days, to book one after the other.
    const page = await callOver(a.http, tourist.cookie, '/api/pages/guides/sofia-martinez');
    const experienceId = (page.body.preview as { experiences: { id: string }[] }).experiences[0]?.id;
    expect(experienceId).toBeTruthy();
    const from = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const slotList = await callOver(
      a.http,
      tourist.cookie,
      `/api/experiences/${experienceId}/slots?from=${from}&to=${to}`,
    );
    const slots = (slotList.body.slots as { start: string }[]).map((s) => s.start);
    expect(slots.length).toBeGreaterThan(5);

    const statuses: number[] = [];
    const unavailable: { code: unknown; retryAfter: string | null }[] = [];
    const sentMessages = new Map<string, number>();
    const bookings: string[] = [];
    let stopped = false;
    let n = 0;
    let nextSlot = 0;
    async function post(base: string, cookie: string, url: string, body: object) {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      statuses.push(res.status);
      if (res.status === 503)
        unavailable.push({ code: json.code, retryAfter: res.headers.get('retry-after') });
      return { status: res.status, body: json };
    }
    async function read(base: string, cookie: string, url: string) {
      const res = await fetch(`${base}${url}`, { headers: { cookie } });
      await res.json();
      statuses.push(res.status);
      if (res.status === 503)
        unavailable.push({ code: 'database-unavailable', retryAfter: res.headers.get('retry-after') });
    }
    // Mixed traffic until told to stop: messages from one instance, bookings and reads from both.
    const traffic = (async () => {
      while (!stopped) {
        const clientId = `fault-message-${n++}`;
        const sent = await post(a.http, tourist.cookie, '/api/chat/send', {
          conversationId,
          body: clientId,
          clientId,
        });
        if (sent.status === 201) sentMessages.set(clientId, (sent.body.message as { id: number }).id);
        const slot = slots[nextSlot];
        if (slot && n % 3 === 0) {
          const booked = await post(b.http, tourist.cookie, '/api/bookings', {
            experienceId,
            start: slot,
            partySize: 2,
          });
          if (booked.status === 201) bookings.push((booked.body.booking as { id: string }).id);
          // A booked slot overlaps the next ones of a long experience: go on to one still free.
          if (booked.status === 201 || booked.status === 409) nextSlot++;
        }
        await read(b.http, guide.cookie, '/api/chat/conversations');
        await read(a.http, tourist.cookie, '/api/bookings?scope=upcoming');
      }
    })();

    await until(
      async () => sentMessages.size,
      (k) => k >= 3,
      'traffic before the stop',
    );
    cluster.stop();
    await until(
      async () => unavailable.length,
      (k) => k >= 10,
      'answers while stopped',
    );
    for (const i of instances) {
      const h = await health(i);
      expect(h.status).toBe(503);
      expect(h.body).toMatchObject({ code: 'database-unavailable', database: 'down' });
    }
    cluster.start();
    for (const i of instances) await serving(i);
    const acknowledgedBefore = sentMessages.size;
    const bookedBefore = bookings.length;
    // Both kinds of write are acknowledged again after the start (a booking is tried every third round).
    await until(
      async () => ({ messages: sentMessages.size, bookings: bookings.length }),
      (k) => k.messages >= acknowledgedBefore + 3 && k.bookings > bookedBefore,
      'traffic after the start',
    );
    stopped = true;
    await traffic;

    // Only answers a client can act on: no 500, no refused connection (the process is alive).
    expect(new Set(statuses.filter((s) => ![200, 201, 503, 409, 429].includes(s)))).toEqual(new Set());
    expect(unavailable.length).toBeGreaterThanOrEqual(10);
    for (const u of unavailable) expect(u).toEqual({ code: 'database-unavailable', retryAfter: '5' });
    for (const i of instances) expect(i.child.exitCode).toBeNull();

    // Every acknowledged message is there once: sent again with its client id, it is the same message.
    for (const [clientId, id] of sentMessages) {
      const again = await callOver(a.http, tourist.cookie, '/api/chat/send', {
        conversationId,
        body: clientId,
        clientId,
      });
      expect(again.status).toBe(200);
      expect((again.body.message as { id: number }).id).toBe(id);
    }
    // Every acknowledged booking is there once.
    expect(bookings.length).toBeGreaterThan(0);
    const listed = await callOver(a.http, tourist.cookie, '/api/bookings?scope=upcoming&limit=100');
    const ids = (listed.body.bookings as { id: string }[]).map((x) => x.id);
    for (const id of bookings) expect(ids.filter((x) => x === id)).toHaveLength(1);

    await chatCrosses(a, b, 'after-restart');
  });
});
