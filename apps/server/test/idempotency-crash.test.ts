import { afterAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES } from './helper.ts';
import {
  callOver,
  processDatabaseEnv,
  type ServerProcess,
  signInOver,
  startServerProcess,
  stopServerProcess,
} from './process-helper.ts';

// A booking request with an Idempotency-Key, its server killed with SIGKILL (no shutdown) while the request
// is in flight or just after it committed, the server started again on the same database (PGlite in a data
// folder, PostgreSQL in CI), and the request retried with the same key: the first answer or one new booking,
// never a second booking and never 409 slot-taken (decision 086).
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) await stopServerProcess(server);
});

type Booking = { id: string; startAt: string };

const requestBooking = (base: string, cookie: string, key: string, body: object) =>
  fetch(`${base}/api/bookings`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });

async function bookingsAt(base: string, cookie: string, start: string): Promise<Booking[]> {
  const list = await callOver(base, cookie, '/api/bookings?scope=upcoming&limit=50');
  expect(list.status).toBe(200);
  return (list.body.bookings as Booking[]).filter((b) => b.startAt === start);
}

describe(`a repeated booking with one key after kill -9 (${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers the retry with the first booking or a new one, never a second one', async () => {
    const env = await processDatabaseEnv('idem-crash');
    server = await startServerProcess(env);
    const guide = await signInOver(server.http, 'sofia.martinez@demo.lokal.app', 'guide');
    const tourist = await signInOver(server.http, 'james.whitfield@demo.lokal.app', 'tourist');
    const offers = await callOver(server.http, tourist.cookie, `/api/guides/${guide.id}/experiences`);
    const experienceId = (offers.body.experiences as { id: string; title: string }[]).find(
      (e) => e.title === 'Street Art Walk',
    )!.id;
    // Two free times three weeks ahead, one for each way the kill can land.
    const from = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 35 * 86_400_000).toISOString().slice(0, 10);
    const free = await callOver(
      server.http,
      tourist.cookie,
      `/api/experiences/${experienceId}/slots?from=${from}&to=${to}`,
    );
    expect(free.status).toBe(200);
    const slots = free.body.slots as { start: string; date: string }[];
    const starts = [slots[0]!.start, slots.find((s) => s.date !== slots[0]!.date)!.start];

    for (const [round, start] of starts.entries()) {
      const key = `crash-retry-${round}-${Date.now()}`;
      const body = { experienceId, start, partySize: 2, note: 'We love murals' };
      // The first attempt's answer never reaches the client: the server dies under it.
      const first = requestBooking(server.http, tourist.cookie, key, body).catch(() => null);
      let seen: Booking[] = [];
      if (round === 1) {
        // Right after it committed: the booking is in the list, whether or not its answer went out.
        const listed = async () => {
          seen = await bookingsAt(server!.http, tourist.cookie, start);
          return seen.length;
        };
        await expect.poll(listed, { timeout: 30_000 }).toBe(1);
      }
      // Round 0: while it is in flight (sent, not answered).
      await stopServerProcess(server, 'SIGKILL');
      await first;

      server = await startServerProcess(env);
      const retry = await requestBooking(server.http, tourist.cookie, key, body);
      const answer = (await retry.json()) as { booking?: Booking; code?: string };
      expect(retry.status, JSON.stringify(answer)).toBe(201);
      const after = await bookingsAt(server.http, tourist.cookie, start);
      // One booking for that time: the first one when it had committed, else the retry's.
      expect(after.map((b) => b.id)).toEqual([answer.booking!.id]);
      if (round === 1) expect(answer.booking!.id).toBe(seen[0]!.id);
      // And the retry again is the same answer.
      const again = await requestBooking(server.http, tourist.cookie, key, body);
      expect(again.status).toBe(201);
      expect(((await again.json()) as { booking: Booking }).booking.id).toBe(answer.booking!.id);
    }
  }, 240_000);
});
