import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startS3Server, type TestS3Server } from './s3-server-helper.ts';
import { documentName, type Instances, sharedFileCases, startTwoInstances } from './shared-files-helper.ts';

// S3_URL set: two instances share a bucket (a small S3-compatible server on 127.0.0.1, started here), on
// PGlite and on PostgreSQL alike (decision 041).
let s3: TestS3Server;
let t: Instances;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTwoInstances({ s3: loadConfig({ S3_URL: s3.url }).s3 });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('two instances sharing an S3-compatible bucket', () => {
  sharedFileCases(() => t);

  it('keeps photos in the bucket under uploads/ and the seed put them there', () => {
    const keys = [...s3.objects.keys()];
    expect(keys.filter((k) => k.startsWith('uploads/')).length).toBeGreaterThan(50);
    expect(keys.every((k) => /^(uploads|private\/identity)\//.test(k))).toBe(true);
    expect(s3.objects.get(keys[0]!)!.contentType).toBe('image/webp');
  });

  it('stores identity documents privately: under private/, no public ACL, refused to anyone without the key', async () => {
    const guide = (await t.world.makeActor('guide', 'bucketpapers'))!;
    const name = await documentName(t.database, guide.id);
    const key = `private/identity/${name}`;
    expect(s3.objects.get(key)?.contentType).toBe('application/pdf');
    const puts = s3.requests.filter((r) => r.method === 'PUT');
    expect(puts.length).toBeGreaterThan(0);
    expect(puts.filter((r) => r.headers['x-amz-acl'] !== undefined)).toEqual([]);
    // The bucket's own address, without a signature, answers 403 for the document (and for photos too:
    // pictures are public only through the app's /api/uploads).
    for (const k of [key, [...s3.objects.keys()].find((x) => x.startsWith('uploads/'))!]) {
      const anonymous = await fetch(`${s3.origin}/${s3.bucket}/${k}`);
      expect(anonymous.status, k).toBe(403);
    }
  });
});
