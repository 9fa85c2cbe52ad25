import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.invites).toHaveLength(3);
    expect(c.adminEmails).toHaveLength(1);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', INVITES: 'not-an-email' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/INVITES/);
    }
  });

  it('reads the service fee and the commission in percent, as basis points (decision 095)', () => {
    expect(loadConfig({}).fees).toEqual({ serviceFeeBp: 1000, commissionBp: 1500 });
    expect(loadConfig({ SERVICE_FEE_PERCENT: '12.5', COMMISSION_PERCENT: '0' }).fees).toEqual({
      serviceFeeBp: 1250,
      commissionBp: 0,
    });
    try {
      loadConfig({ SERVICE_FEE_PERCENT: '10.001', COMMISSION_PERCENT: '60' });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/SERVICE_FEE_PERCENT.*two decimals/);
      expect(problems).toMatch(/COMMISSION_PERCENT/);
    }
  });

  it('reads the bucket, its keys and options from S3_URL', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const c = loadConfig({
      S3_URL:
        's3://AKID:se%2Fcret@storage.example.com:9000/photos/lokal?region=eu-central-1&forcePathStyle=true',
    });
    expect(c.s3).toEqual({
      endpoint: 'https://storage.example.com:9000',
      region: 'eu-central-1',
      bucket: 'photos',
      prefix: 'lokal/',
      accessKeyId: 'AKID',
      secretAccessKey: 'se/cret',
      forcePathStyle: true,
    });
    // s3+http:// for a bucket server without TLS; the region defaults like the AWS tools.
    expect(loadConfig({ S3_URL: 's3+http://k:s@127.0.0.1:9000/b' }).s3).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      prefix: '',
      forcePathStyle: false,
    });
  });

  it('refuses an S3_URL without a bucket, credentials or a known option', () => {
    for (const bad of [
      'https://k:s@host/bucket',
      's3://host/bucket',
      's3://k:s@host/',
      's3://k:s@host/b?forcePathStyle=yes',
      's3://k:s@host/b?acl=public-read',
    ]) {
      expect(() => loadConfig({ S3_URL: bad }), bad).toThrow(/S3_URL/);
    }
  });

  it('requires PUBLIC_URL and SMTP_URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL[\s\S]*SMTP_URL/);
    const c = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://lokal.app/',
      SMTP_URL: 'smtp://h:25',
    });
    expect(c.production).toBe(true);
    expect(c.publicUrl).toBe('https://lokal.app');
    expect(c.invites).toEqual([]);
  });

  it('normalises e-mail lists', () => {
    expect(loadConfig({ INVITES: ' A@Example.com , b@example.com ' }).invites).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
  });
});

describe('CALENDAR_IMPORT_ALLOW_HOSTS (test-only)', () => {
  it('lets tests name private addresses a calendar import may reach', () => {
    expect(
      loadConfig({ CALENDAR_IMPORT_ALLOW_HOSTS: '127.0.0.1, ::1' }).calendarImports.allowAddresses,
    ).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({}).calendarImports.allowAddresses).toEqual([]);
  });

  it('cannot be switched on in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://lokal.example',
        SMTP_URL: 'smtp://mail.example:25',
        CALENDAR_IMPORT_ALLOW_HOSTS: '127.0.0.1',
      }),
    ).toThrow(/CALENDAR_IMPORT_ALLOW_HOSTS is for tests only/);
  });
});
