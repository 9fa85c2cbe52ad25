import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';

type S = { userId: string; name: string };

function setUp(ttlMs = 1000) {
  let clock = 1_000_000;
  let loads = 0;
  let stored: S | null = { userId: 'u1', name: 'Ana' };
  const cache = createSessionCache<S>({ ttlMs, now: () => clock, userOf: (s) => s.userId });
  const read = () =>
    cache.get('hash', async () => {
      loads++;
      return stored ? { ...stored } : null;
    });
  return {
    cache,
    read,
    loads: () => loads,
    store: (s: S | null) => {
      stored = s;
    },
    move: (ms: number) => {
      clock += ms;
    },
  };
}

describe('the session cache', () => {
  it('answers a session looked up a moment ago without loading it again', async () => {
    const t = setUp();
    expect(await t.read()).toEqual({ userId: 'u1', name: 'Ana' });
    expect(await t.read()).toEqual({ userId: 'u1', name: 'Ana' });
    expect(t.loads()).toBe(1);
  });

  it("loads again once the app's clock passed the time to live (or went back)", async () => {
    const t = setUp();
    await t.read();
    t.move(1000);
    t.store({ userId: 'u1', name: 'Ana Maria' });
    expect(await t.read()).toEqual({ userId: 'u1', name: 'Ana Maria' });
    t.move(-5000);
    await t.read();
    expect(t.loads()).toBe(3);
  });

  it('forgets a member at once, and keeps no answer a forget overtook', async () => {
    const t = setUp();
    await t.read();
    t.cache.forgetUsers(['u1']);
    t.store(null);
    expect(await t.read()).toBeNull();
    // A look-up that started before a forget is answered but not kept.
    t.store({ userId: 'u1', name: 'Old' });
    const inFlight = t.read();
    t.cache.forgetUsers(['u1']);
    await inFlight;
    t.store({ userId: 'u1', name: 'New' });
    expect(await t.read()).toEqual({ userId: 'u1', name: 'New' });
  });

  it('never keeps a missing session, and keeps nothing with a time to live of 0', async () => {
    const t = setUp();
    t.store(null);
    await t.read();
    t.store({ userId: 'u1', name: 'Ana' });
    expect(await t.read()).toEqual({ userId: 'u1', name: 'Ana' });
    const off = setUp(0);
    await off.read();
    await off.read();
    expect(off.loads()).toBe(2);
  });
});
