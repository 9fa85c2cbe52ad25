import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, openTestDatabase, testConfig } from './helper.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up', bus: 'up' });
  });

  it('answers 503 with the error shape when the database is gone', async () => {
    const database = await openTestDatabase();
    const app = await buildApp(testConfig(), { database });
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'Database unavailable',
      code: 'database-unavailable',
      database: 'down',
      bus: 'up',
    });
    await app.close();
  });
});

describe('GET /api/hello', () => {
  it('greets by name, and the world without one', async () => {
    expect((await t.app.inject({ url: '/api/hello?name=Ana' })).json()).toEqual({ message: 'Hello, Ana!' });
    expect((await t.app.inject({ url: '/api/hello' })).json()).toEqual({ message: 'Hello, World!' });
  });

  it('refuses a name that is too long with a 400 JSON error', async () => {
    const res = await t.app.inject({ url: `/api/hello?name=${'x'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation-error', message: expect.stringContaining('100') });
  });
});

describe('errors', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({
        message: `Route ${method} /api/does-not-exist not found`,
        code: 'not-found',
      });
    }
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Requests from another site are not allowed',
      code: 'forbidden-origin',
    });
  });

  it('refuses a cross-site fetch even without an Origin header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets a same-origin write through to routing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('security headers', () => {
  it('sends a strict CSP and no framework banner', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents every route from its schema', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/hello', '/api/health', '/api/showcase', '/api/avatars/{file}']),
    );
    expect(doc.paths['/api/hello'].get.parameters[0]).toMatchObject({ name: 'name', in: 'query' });
  });

  it('serves a readable reference page', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    const page = res.statusCode === 302 ? await t.app.inject({ url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});

describe('GET /api/avatars/{file}', () => {
  it('draws a cacheable SVG portrait', async () => {
    const res = await t.app.inject({ url: '/api/avatars/sofia-martinez.svg?style=feminine' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body.startsWith('<svg')).toBe(true);
  });

  it('refuses a bad name or style with a 400 JSON error', async () => {
    for (const url of ['/api/avatars/..%2Fetc.svg', '/api/avatars/x.png', '/api/avatars/x.svg?style=robot']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('validation-error');
    }
  });
});
