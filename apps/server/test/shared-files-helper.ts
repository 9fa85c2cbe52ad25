import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createLocalBus } from '../src/plugins/realtime.ts';
import { type App, createWorld, IDENTITY_PDF, multipartFile, type World } from './actors-helper.ts';
import { ON_POSTGRES, openTestDatabase, testConfig } from './helper.ts';
import { testPhoto } from './photo-helper.ts';

// Two server instances with their own DATA_DIR on one database, as behind a load balancer: what one stores, the
// other serves (decision 041). Used by the PostgreSQL-table and the bucket suites.

export type Instances = {
  a: App;
  b: App;
  configA: Config;
  configB: Config;
  database: Database;
  world: World;
  close: () => Promise<void>;
};

/** Instance A seeds the demo data; B opens the same database (its own connections on PostgreSQL). */
export async function startTwoInstances(overrides: Partial<Config> = {}): Promise<Instances> {
  const configA = testConfig(overrides);
  const configB = testConfig(overrides);
  const database = await openTestDatabase();
  let a: App;
  let b: App;
  let other: Database | null = null;
  if (ON_POSTGRES) {
    a = await buildApp(configA, { database, seed: true });
    other = await openDatabase(database.url, configB.dataDir);
    b = await buildApp(configB, { database: other });
  } else {
    // PGlite is one process: the two apps share it and one bus, each with its own folder.
    const bus = createLocalBus();
    a = await buildApp(configA, { database, seed: true, bus });
    b = await buildApp(configB, { database, bus });
  }
  await Promise.all([a.ready(), b.ready()]);
  return {
    a,
    b,
    configA,
    configB,
    database,
    world: createWorld(a, configA, database),
    close: async () => {
      await a.close();
      await b.close();
      await other?.close();
      await database.close();
    },
  };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Files left in an instance's own folder (none should be: they belong to the shared store). */
export function localFiles(config: Config): string[] {
  return ['uploads', 'private/identity'].flatMap((folder) => {
    const dir = path.join(config.dataDir, folder);
    return existsSync(dir) ? readdirSync(dir).filter((n) => !n.startsWith('.')) : [];
  });
}

/** A real photo (decision 090), told apart by its tint. */
export const picture = (background: string) =>
  testPhoto({ tint: Number.parseInt(background.slice(1), 16) % 251 });

/** The cases every shared store passes; `t` is read when the tests run (after beforeAll). */
export function sharedFileCases(t: () => Instances) {
  it('serves a photo uploaded through one instance from the other: same bytes, cached for a year, an ETag', async () => {
    const { a, b, world, configA, configB } = t();
    const tourist = await world.mockSignIn('james.whitfield@demo.lokal.app', 'tourist');
    const body = multipartFile('photo', 'me.png', 'image/png', await picture('#2a6f97'));
    const upload = await a.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: { cookie: tourist.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const image = upload.json().image as string;
    expect(image).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}-[0-9a-f]{12}\.webp$/);

    const fromA = await a.inject({ url: image });
    const fromB = await b.inject({ url: image });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect((await sharp(fromB.rawPayload).metadata()).format).toBe('webp');
    expect(fromB.headers.etag).toBe(`"${sha256(fromB.rawPayload)}"`);
    expect(fromA.headers.etag).toBe(fromB.headers.etag);
    // A browser that has it asks again with its ETag: 304, no bytes.
    const again = await b.inject({ url: image, headers: { 'if-none-match': String(fromB.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Neither instance kept it in its own folder.
    expect([...localFiles(configA), ...localFiles(configB)]).toEqual([]);

    // Removed through B: A no longer serves it either.
    const removed = await b.inject({
      method: 'DELETE',
      url: `/api/users/me/photo/${path.basename(image)}`,
      headers: { cookie: tourist.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await a.inject({ url: image })).statusCode).toBe(404);
    expect((await b.inject({ url: image })).statusCode).toBe(404);
  });

  it("serves the demo experiences' photos, stored by the instance that seeded, from the other", async () => {
    const { b, database } = t();
    const found = await database.db.execute(sql`
      select p.file from experience_photos p join experiences e on e.id = p.experience_id
      join users u on u.id = e.guide_id where u.email like '%@demo.lokal.app' order by p.file limit 3`);
    const files = (found as unknown as { rows: { file: string }[] }).rows;
    expect(files).toHaveLength(3);
    for (const { file } of files) {
      const res = await b.inject({ url: `/api/uploads/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it("replaces a guide's photo through the other instance and deletes the old one for both", async () => {
    const { a, b, world } = t();
    const guide = await world.mockSignIn('sofia.martinez@demo.lokal.app', 'guide');
    const send = async (app: App, color: string) => {
      const body = multipartFile('photo', 'me.png', 'image/png', await picture(color));
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/me/photo',
        headers: { cookie: guide.cookie, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().image as string;
    };
    const first = await send(a, '#aa5500');
    const second = await send(b, '#0055aa');
    expect((await a.inject({ url: first })).statusCode).toBe(404);
    expect((await a.inject({ url: second })).statusCode).toBe(200);
  });

  it('keeps identity documents private: owner and staff read them from either instance, no public address does', async () => {
    const { a, b, world, configA, configB } = t();
    const guide = (await world.makeActor('guideUnverified', 'papers'))!;
    const body = multipartFile('document', 'id.pdf', 'application/pdf', IDENTITY_PDF);
    const upload = await a.inject({
      method: 'POST',
      url: '/api/guides/me/identity-document',
      headers: { cookie: guide.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);

    const own = await b.inject({
      url: '/api/guides/me/identity-document/file',
      headers: { cookie: guide.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(IDENTITY_PDF)).toBe(true);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const staff = await world.staffNow();
    const byStaff = await b.inject({
      url: `/api/admin/verifications/${guide.id}/document`,
      headers: { cookie: staff.cookie },
    });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.rawPayload.equals(IDENTITY_PDF)).toBe(true);

    // Another guide and an anonymous visitor get nothing, and the document's name opens nothing in public.
    const other = await world.mockSignIn('kenji.watanabe@demo.lokal.app', 'guide');
    expect(
      (
        await b.inject({
          url: `/api/admin/verifications/${guide.id}/document`,
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(403);
    expect((await b.inject({ url: `/api/admin/verifications/${guide.id}/document` })).statusCode).toBe(401);
    const name = await documentName(t().database, guide.id);
    for (const url of [
      `/api/uploads/${name}`,
      `/api/uploads/${name}.webp`,
      `/api/uploads/..%2Fprivate%2Fidentity%2F${name}`,
      `/api/uploads/%2E%2E%2Fprivate%2Fidentity%2F${name}`,
    ]) {
      const res = await b.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.rawPayload.includes(IDENTITY_PDF)).toBe(false);
    }
    expect([...localFiles(configA), ...localFiles(configB)]).toEqual([]);
  });
}

export async function documentName(database: Database, userId: string): Promise<string> {
  const found = await database.db.execute(sql`select file from identity_documents where user_id = ${userId}`);
  return (found as unknown as { rows: { file: string }[] }).rows[0]!.file;
}
