import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PHOTO_LIMITS } from '@lokal/shared/constants/settings';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { STORAGE_FULL } from '../src/plugins/errors.ts';
import { multipartFile } from './actors-helper.ts';
import { mockSignIn, testConfig } from './helper.ts';
import { testPhoto } from './photo-helper.ts';
import { startServerProcess } from './process-helper.ts';

// Caching of API answers, the pixel limit and a full disk (docs/product.md#caching, decisions 084 and 088). The full
// disk is a real one: a small tmpfs mounted for this test (CI runs as root). The uploads go to the local
// folder store, which serves the embedded database; so this app runs on PGlite whatever engine the suite uses.
const mounts: string[] = [];
function smallDisk(size: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lokal-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
}
/** Fills the disk under `dir` to the last block; returns the filler to remove. */
function fill(dir: string): string {
  const filler = path.join(dir, 'filler');
  try {
    writeFileSync(filler, Buffer.alloc(64 * 1024 * 1024));
  } catch (err) {
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
  }
  return filler;
}

let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;
let disk: string;
let james: { cookie: string; id: string };

beforeAll(async () => {
  // Room for the seeded demo photos (about 8 MB), then filled by the tests.
  disk = smallDisk('32m');
  database = await openDatabase('memory://', disk);
  app = await buildApp(testConfig({ dataDir: disk }), { database, seed: true });
  await app.ready();
  james = await mockSignIn(app, 'james.whitfield@demo.lokal.app', 'tourist');
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  for (const dir of mounts) execFileSync('umount', [dir]);
});

const upload = (picture: Buffer) => {
  const { payload, headers } = multipartFile('photo', 'me.png', 'image/png', picture);
  return app.inject({
    method: 'POST',
    url: '/api/users/me/photo',
    headers: { ...headers, cookie: james.cookie },
    payload,
  });
};
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe('Cache-Control of API answers', () => {
  it('keeps private answers out of every cache: private, no-store', async () => {
    for (const url of [
      '/api/auth/session',
      '/api/users/profile',
      '/api/bookings?scope=upcoming',
      '/api/health',
    ]) {
      const res = await app.inject({ url, headers: { cookie: james.cookie } });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    // Failures too: a 401 and an unknown route.
    const anonymous = await app.inject({ url: '/api/bookings?scope=upcoming' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('private, no-store');
    expect((await app.inject({ url: '/api/nothing-here' })).headers['cache-control']).toBe(
      'private, no-store',
    );
  });

  it('leaves the public-on-purpose answers their own caching', async () => {
    const avatar = await app.inject({ url: '/api/avatars/someone.svg' });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const saved = await upload(await testPhoto({ width: 400, height: 400 }));
    expect(saved.statusCode, saved.body).toBe(200);
    const photo: string = saved.json().image;
    const served = await app.inject({ url: photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the pixel limit', () => {
  it('answers 413 for a 7000 × 7000 picture, with the documented message', async () => {
    const res = await upload(await png(7000, 7000));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: PHOTO_LIMITS.tooManyPixels, code: 'photo-too-many-pixels' });
  });
});

describe('a full disk', () => {
  it('answers an upload with 507 storage-full and keeps no half file', async () => {
    const picture = await testPhoto({ width: 400, height: 400 });
    const before = readdirSync(path.join(disk, 'uploads')).sort();
    const filler = fill(disk);
    try {
      const res = await upload(picture);
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual(STORAGE_FULL);
      expect(readdirSync(path.join(disk, 'uploads')).sort()).toEqual(before);
    } finally {
      rmSync(filler);
    }
    // With room again, the same upload works.
    expect((await upload(picture)).statusCode).toBe(200);
  });

  it('answers a write the embedded database cannot make on a full disk with 507 storage-full', async () => {
    // A real PGlite on the small disk, and a write through the app's own error handling. (Which request first
    // needs a new block of the disk depends on the free room inside the tables, so the write is the test's.)
    const dbDisk = smallDisk('96m');
    const embedded = await openDatabase(undefined, dbDisk);
    const onDisk = await buildApp(testConfig({ dataDir: dbDisk }), { database: embedded, seed: false });
    await embedded.db.execute(sql`create table disk_probe (body text)`);
    onDisk.post('/api/test-disk-write', async () => {
      await embedded.db.execute(
        sql`insert into disk_probe (body) values (${randomBytes(1400).toString('base64')})`,
      );
      return { ok: true };
    });
    try {
      await onDisk.ready();
      const write = () => onDisk.inject({ method: 'POST', url: '/api/test-disk-write', payload: {} });
      const filler = fill(dbDisk);
      try {
        const res = await write();
        expect(res.statusCode, res.body).toBe(507);
        expect(res.json()).toEqual(STORAGE_FULL);
        expect(res.headers['cache-control']).toBe('private, no-store');
      } finally {
        rmSync(filler);
      }
      // With room again, the same database writes: it was refused, not broken.
      expect((await write()).statusCode).toBe(200);
    } finally {
      await onDisk.close();
      await embedded.close();
    }
  });

  it('says in words at start that the data folder cannot be written', async () => {
    const full = smallDisk('1m');
    const filler = fill(full);
    try {
      const failed = await startServerProcess({ DATA_DIR: full }).then(
        () => 'started',
        (err: Error) => err.message,
      );
      expect(failed).toContain('server exited');
      expect(failed).toContain(`Lokal cannot write its embedded database in ${path.join(full, 'db')}`);
      expect(failed).toContain('the disk is full');
      expect(failed).not.toContain('PGlite failed to initialize properly');
    } finally {
      rmSync(filler);
    }
  });
});
