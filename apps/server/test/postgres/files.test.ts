import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { multipartFile } from '../actors-helper.ts';
import { testConfig } from '../helper.ts';
import { type Instances, picture, sharedFileCases, startTwoInstances } from '../shared-files-helper.ts';

// On a PostgreSQL server (no S3_URL) two instances with their own DATA_DIR keep files in the database
// (decision 041). Runs only against PostgreSQL (vitest.config.ts includes this folder when DATABASE_URL is set).
let t: Instances;

beforeAll(async () => {
  t = await startTwoInstances();
});
afterAll(() => t?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('two instances on one PostgreSQL, files in the database', () => {
  sharedFileCases(() => t);

  it('keeps the same bytes once, however many names they are stored under', async () => {
    const png = await picture('#778899');
    const urls: string[] = [];
    for (const email of ['aisha.rahman@demo.lokal.app', 'lucas.meyer@demo.lokal.app']) {
      const who = await t.world.mockSignIn(email, 'tourist');
      const body = multipartFile('photo', 'same.png', 'image/png', png);
      const res = await t.a.inject({
        method: 'POST',
        url: '/api/users/me/photo',
        headers: { cookie: who.cookie, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      urls.push(res.json().image);
    }
    const keys = urls.map((u) => `uploads/${path.basename(u)}`);
    const stored = await rows<{ sha256: string }>(
      sql`select sha256 from stored_files where key in (${keys[0]}, ${keys[1]})`,
    );
    expect(stored).toHaveLength(2);
    expect(stored[0]!.sha256).toBe(stored[1]!.sha256);
    const blobs = await rows<{ n: number }>(
      sql`select count(*)::int as n from file_blobs where sha256 = ${stored[0]!.sha256}`,
    );
    expect(blobs[0]!.n).toBe(1);
    // One name removed: the other still shows the picture; both removed: the bytes go too.
    const first = await t.world.mockSignIn('aisha.rahman@demo.lokal.app', 'tourist');
    const del = await t.b.inject({
      method: 'DELETE',
      url: `/api/users/me/photo/${path.basename(urls[0]!)}`,
      headers: { cookie: first.cookie },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await t.b.inject({ url: urls[1]! })).statusCode).toBe(200);
    const second = await t.world.mockSignIn('lucas.meyer@demo.lokal.app', 'tourist');
    await t.b.inject({
      method: 'DELETE',
      url: `/api/users/me/photo/${path.basename(urls[1]!)}`,
      headers: { cookie: second.cookie },
    });
    const left = await rows<{ n: number }>(
      sql`select count(*)::int as n from file_blobs where sha256 = ${stored[0]!.sha256}`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('copies the files an earlier version left in an instance folder, so their addresses work on every instance', async () => {
    // An instance that ran before files were shared: a photo on its disk, its address saved in a profile.
    const config = testConfig();
    const file = '00000000-0000-4000-8000-000000000041-0123456789ab.webp';
    const webp = await sharp(await picture('#405060'))
      .webp()
      .toBuffer();
    mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(config.dataDir, 'uploads', file), webp);
    expect((await t.b.inject({ url: `/api/uploads/${file}` })).statusCode).toBe(404);
    const database = await openDatabase(t.database.url, config.dataDir);
    const old = await buildApp(config, { database });
    await old.ready();
    await old.close();
    await database.close();
    const res = await t.b.inject({ url: `/api/uploads/${file}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(webp)).toBe(true);
  });
});
