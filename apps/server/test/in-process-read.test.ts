import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInProcess } from '../src/plugins/in-process-read.ts';
import { createTestApp, mockSignIn } from './helper.ts';

// A page's first reads are answered in process (decision 061): each must be what the same request from the
// network gets, status, type and body, and it must run the request's whole lifecycle (its hooks included).
describe('a read in process', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  let session: Parameters<typeof readInProcess>[1]['session'];
  const finished: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const signedIn = await mockSignIn(t.app, 'james.whitfield@demo.lokal.app', 'tourist');
    cookie = signedIn.cookie;
    // The session a page resolves from this cookie before its reads.
    session = await t.app.cookieSession({ cookies: { lokal_session: signedIn.token } } as never);
  });
  afterAll(() => t.close());

  const dispatch = (
    req: Parameters<Parameters<typeof readInProcess>[0]>[0],
    res: Parameters<Parameters<typeof readInProcess>[0]>[1],
  ) => {
    res.on('finish', () => finished.push(req.url ?? ''));
    t.app.routing(req, res);
  };
  const both = async (url: string) => {
    const headers = { accept: 'application/json', cookie, host: 'localhost' };
    const net = await t.app.inject({ method: 'GET', url, headers });
    const own = await readInProcess(dispatch, { url, headers, remoteAddress: '127.0.0.1', session });
    return { net, own };
  };

  it.each([
    '/api/health',
    '/api/auth/session',
    '/api/guides/search?limit=3&sort=rating',
    '/api/favorites/ids',
    '/api/chat/unread',
  ])('answers %s as the network does', async (url) => {
    const { net, own } = await both(url);
    expect(own.status).toBe(200);
    expect(own.status).toBe(net.statusCode);
    expect(own.headers['content-type']).toBe(net.headers['content-type']);
    expect(own.body).toBe(net.body);
    expect(own.body.length).toBeGreaterThan(2);
  });

  it('answers a refused and an unknown read with their errors, as the network does', async () => {
    for (const url of ['/api/guides/search?limit=0', '/api/no-such-thing', '/api/admin/users']) {
      const { net, own } = await both(url);
      expect(own.status).toBe(net.statusCode);
      expect(own.status).toBeGreaterThanOrEqual(400);
      expect(JSON.parse(own.body)).toEqual(JSON.parse(net.body));
      expect(JSON.parse(own.body)).toHaveProperty('code');
    }
  });

  it('finishes the response, so the hooks after it run', async () => {
    finished.length = 0;
    await readInProcess(dispatch, {
      url: '/api/health',
      headers: { accept: 'application/json' },
      remoteAddress: '127.0.0.1',
      session: null,
    });
    expect(finished).toEqual(['/api/health']);
  });
});
