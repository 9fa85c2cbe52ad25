import { describe, expect, it } from 'vitest';
import { redactUrl, scrubEmails, serializeError } from './log.ts';

describe('redactUrl', () => {
  it('replaces secret query values and any address in the path or query', () => {
    expect(redactUrl('/guide/auth-redirect?token=abc&email=a%40b.co&x=1')).toBe(
      '/guide/auth-redirect?token=redacted&email=redacted&x=1',
    );
    expect(redactUrl('/api/admin/invites/ann.lee%40example.org')).toBe('/api/admin/invites/redacted');
    expect(redactUrl('/api/admin/invites?q=ann.lee@example.org&page=2')).toBe(
      '/api/admin/invites?q=redacted&page=2',
    );
    expect(redactUrl('/api/guides/search?q=lokal')).toBe('/api/guides/search?q=lokal');
    expect(redactUrl(`/api/calendar/${'a'.repeat(43)}.ics?x=1`)).toBe('/api/calendar/redacted.ics?x=1');
  });
});

describe('scrubEmails', () => {
  it('replaces every address in a line and leaves the rest', () => {
    expect(scrubEmails('{"to":"Jane.Doe+x@mail.example.com","n":1}')).toBe('{"to":"redacted","n":1}');
    // The outbox's file name holds the address: it goes, with whatever clings to it.
    expect(scrubEmails('{"file":"/o/1-jane@example.org.eml"}')).not.toContain('jane');
    expect(scrubEmails('listening on http://127.0.0.1:3000')).toBe('listening on http://127.0.0.1:3000');
  });
});

describe('serializeError', () => {
  it("drops a failed query's parameters and PostgreSQL's detail", () => {
    const err = Object.assign(
      new Error('Failed query: insert into x values ($1)\nparams: jane@example.org,abc'),
      {
        params: ['jane@example.org', 'abc'],
        detail: 'Key (email)=(jane@example.org) already exists.',
      },
    );
    const out = serializeError(err);
    expect(out.message).toBe('Failed query: insert into x values ($1)');
    expect(out).not.toHaveProperty('params');
    expect(out).not.toHaveProperty('detail');
    expect(JSON.stringify(out)).not.toContain('jane@');
  });
});
