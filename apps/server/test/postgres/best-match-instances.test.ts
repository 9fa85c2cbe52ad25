import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { guideProfiles } from '../../src/db/schema/profiles.ts';
import { users } from '../../src/db/schema/users.ts';
import { TRAVEL_STYLE } from '../actors-helper.ts';
import { bestMatchOrder, guideSides, mirrorAssessment, travellerSideIn } from '../best-match-helper.ts';
import { openTestDatabase } from '../helper.ts';
import {
  callOver,
  type ServerProcess,
  signInOver,
  startServerProcess,
  stopServerProcess,
} from '../process-helper.ts';

// Two server processes on one PostgreSQL, each with every listed guide's side in memory for "Best match"
// (decision 037): a guide's change made on one shows in the other's pages, carried by the database's
// notification. Runs only against PostgreSQL (vitest.config.ts).
let instances: ServerProcess[] = [];
let database: Database;

beforeAll(async () => {
  const fresh = await openTestDatabase();
  const url = fresh.url!;
  await fresh.close();
  const start = () =>
    startServerProcess({
      DATABASE_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lokal-instance-')),
      SEARCH_CACHE_MS: '0',
    });
  // One after the other: the first seeds the demo data, the second finds it there.
  instances = [await start()];
  instances.push(await start());
  database = await openDatabase(url, tmpdir());
});

afterAll(async () => {
  await Promise.all(instances.map((i) => stopServerProcess(i)));
  await database?.close();
});

/** Every page of a "Best match" on this instance: the guides' ids. */
async function walkOver(base: string, cookie: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page = await callOver(
      base,
      cookie,
      `/api/guides/search?sort=best_match&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(page.status).toBe(200);
    ids.push(...(page.body.guides as { id: string }[]).map((g) => g.id));
    cursor = page.body.nextCursor as string | null;
    if (!cursor) return ids;
  }
  throw new Error('the search never ended');
}

describe('Best match on two server processes', () => {
  it("shows on one instance a guide's new assessment and hidden profile saved on the other", async () => {
    const [a, b] = instances as [ServerProcess, ServerProcess];
    const james = await signInOver(a.http, 'james.whitfield@demo.lokal.app', 'tourist');
    expect((await callOver(a.http, james.cookie, '/api/tourists/travel-style', TRAVEL_STYLE)).status).toBe(
      200,
    );
    const side = await travellerSideIn(database.db, james.id);
    const before = bestMatchOrder(side, await guideSides({ database }));
    expect(await walkOver(a.http, james.cookie, 5)).toEqual(before);

    // The last guide of the order in James's city takes the quiz's answers as its assessment, on instance B.
    const listed = await database.db
      .select({ id: guideProfiles.userId, email: users.email, city: guideProfiles.city })
      .from(guideProfiles)
      .innerJoin(users, eq(users.id, guideProfiles.userId))
      .where(eq(guideProfiles.listed, true));
    const mover = [...before]
      .reverse()
      .map((id) => listed.find((g) => g.id === id)!)
      .find((g) => g.city.trim().toLowerCase() === side.city.trim().toLowerCase())!;
    expect(before.indexOf(mover.id)).toBeGreaterThan(8);
    const guide = await signInOver(b.http, mover.email, 'guide');
    const assess = (hidden: boolean) =>
      callOver(b.http, guide.cookie, '/api/guides/personality-assessment', mirrorAssessment(hidden));
    expect((await assess(false)).status).toBeLessThan(300);
    const moved = bestMatchOrder(side, await guideSides({ database }));
    expect(moved.indexOf(mover.id)).toBeLessThan(5);
    // Instance A's first page shows it once A has heard the notification.
    await expect
      .poll(async () => (await walkOver(a.http, james.cookie, 5)).slice(0, 5), { timeout: 5000 })
      .toEqual(moved.slice(0, 5));
    expect(await walkOver(a.http, james.cookie, 5)).toEqual(moved);

    // Hidden on B: A's very next pages leave it out (their cards are read back listed ones only).
    expect((await assess(true)).status).toBeLessThan(300);
    const hidden = await walkOver(a.http, james.cookie, 5);
    expect(hidden).not.toContain(mover.id);
    expect(hidden).toEqual(bestMatchOrder(side, await guideSides({ database })));
  }, 120_000);
});
