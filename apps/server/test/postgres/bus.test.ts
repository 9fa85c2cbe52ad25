import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bus, createPgBus, type RealtimeEvent } from '../../src/plugins/realtime.ts';
import { openTestDatabase } from '../helper.ts';

// The bus between server instances on PostgreSQL sends what is published while a batch is on its way in the
// next one (decision 083). Runs only against PostgreSQL (vitest.config.ts includes this folder then).
const log = Fastify({ logger: false }).log;
let sender: Bus;
let receiver: Bus;

beforeAll(async () => {
  const database = await openTestDatabase();
  const url = database.url!;
  await database.close();
  const noMessage = async () => null;
  sender = await createPgBus(url, log, noMessage);
  receiver = await createPgBus(url, log, noMessage);
});
afterAll(async () => {
  await sender.close();
  await receiver.close();
});

describe('the PostgreSQL bus', () => {
  it('delivers every event published at once, in order, the same event twice as twice', async () => {
    const heard: RealtimeEvent[] = [];
    receiver.subscribe((e) => heard.push(e));
    const events: RealtimeEvent[] = Array.from({ length: 300 }, (_, i) => ({
      to: ['u'],
      frame:
        i % 3 === 0
          ? { type: 'presence', userId: 'someone', online: i % 2 === 0 }
          : { type: 'typing', conversationId: 'c', userId: `user-${i}` },
    }));
    // The same frame again straight after: presence going online, offline, online must all arrive.
    events.push(events[0]!, events[0]!);
    await Promise.all(events.map((e) => sender.publish(e)));
    for (let i = 0; i < 100 && heard.length < events.length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(heard.map((e) => e.frame)).toEqual(events.map((e) => e.frame));
  });
});
