import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import type { Mail } from '../../src/plugins/mail.ts';
import { openTestDatabase, testConfig } from '../helper.ts';

// Two instances on one PostgreSQL (each its own pool, as two processes) drain one outbox: each mail once.
// Runs only against PostgreSQL (vitest.config.ts includes this folder when DATABASE_URL is postgres://).
let first: Database;
let second: Database;
const sent: { by: string; to: string }[] = [];
let apps: Awaited<ReturnType<typeof buildApp>>[] = [];

const transport = (by: string) => ({
  async send(mail: Mail) {
    // A moment per mail, so both workers are busy at the same time.
    await new Promise((r) => setImmediate(r));
    sent.push({ by, to: mail.to });
  },
});

beforeAll(async () => {
  first = await openTestDatabase();
  second = await openDatabase(first.url!, tmpdir());
  apps = [
    await buildApp(testConfig(), { database: first, mailer: transport('a') }),
    await buildApp(testConfig(), { database: second, mailer: transport('b') }),
  ];
  await Promise.all(apps.map((a) => a.ready()));
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await Promise.all([first?.close(), second?.close()]);
});

describe('the outbox on two instances', () => {
  it('sends each mail exactly once however the workers meet', async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const addresses = Array.from({ length: 60 }, (_, i) => `once.${i}@lokal.test`);
    // Written by both instances, then drained by both at once.
    await Promise.all(
      addresses.map((to, i) =>
        (i % 2 ? a : b).outbox.send({ to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' }),
      ),
    );
    await Promise.all([a.outbox.drain(), b.outbox.drain(), a.outbox.drain(), b.outbox.drain()]);
    const mine = sent.filter((s) => s.to.startsWith('once.'));
    expect(mine.map((s) => s.to).sort()).toEqual([...addresses].sort());
    const left = await first.db.execute(
      sql`select count(*)::int as n from outbox_messages where status <> 'sent' and recipient like 'once.%'`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
