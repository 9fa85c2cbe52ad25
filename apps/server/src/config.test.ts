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
