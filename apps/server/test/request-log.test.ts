import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { openTestDatabase, testConfig } from './helper.ts';

// Whoever reads the request log must not be able to sign in with what it holds, nor learn who asked.
describe('the request log', () => {
  const lines: string[] = [];
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp(testConfig({ logLevel: 'info' }), {
      database,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('keeps the path of a sign-in link but not its token or e-mail', async () => {
    const token = 'kHq3d9w0Zr-secret-token-value';
    await app.inject({ url: `/tourist/auth-redirect?token=${token}&email=jane.doe%40example.com` });
    await app.inject({ url: `/api/auth/session?email=jane.doe%40example.com` });
    const log = lines.join('\n');
    expect(log).toContain('/tourist/auth-redirect?token=redacted&email=redacted');
    expect(log).not.toContain(token);
    expect(log).not.toContain('jane.doe');
  });
});
