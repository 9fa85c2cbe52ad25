import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../src/config.ts';
import { createTestApp } from './helper.ts';

// The app behind a real proxy that appends the peer's address to X-Forwarded-For, as nginx's
// $proxy_add_x_forwarded_for does. Clients are told apart by the loopback address they connect from
// (127.0.0.2, .3, …: all of 127/8 is this machine), so each is a different client to the proxy and the app.
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let appPort = 0;
let proxy: http.Server;
let proxyPort = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { trustProxy: parseTrustProxy('127.0.0.1') as string[] } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appPort = (t.app.server.address() as AddressInfo).port;
  proxy = http.createServer((req, res) => {
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      {
        host: '127.0.0.1',
        localAddress: '127.0.0.1',
        port: appPort,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
  proxyPort = (proxy.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((r) => proxy.close(r));
  await t.close();
});

/** A bad sign-in link verification from `from`, through the proxy or straight to the app. */
function badVerify(from: string, via: 'proxy' | 'direct', forged?: string): Promise<number> {
  const body = JSON.stringify({ token: 'not-a-token', email: 'someone@example.com' });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        localAddress: from,
        port: via === 'proxy' ? proxyPort : appPort,
        method: 'POST',
        path: '/api/auth/verify',
        headers: {
          'content-type': 'application/json',
          origin: 'http://localhost:3000',
          ...(forged ? { 'x-forwarded-for': forged } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('behind a proxy (TRUST_PROXY)', () => {
  it("keys the sign-in limit on the real client: one client's 31 bad verifications lock that client only", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push(await badVerify('127.0.0.2', 'proxy'));
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another traveller behind the same proxy signs in as before.
    expect(await badVerify('127.0.0.3', 'proxy')).toBe(400);
  });

  it('ignores an X-Forwarded-For from a peer it does not trust', async () => {
    // A client straight at the app claims to be 127.0.0.5: its attempts count against its own address.
    for (let i = 0; i < 31; i++) await badVerify('127.0.0.4', 'direct', '127.0.0.5');
    expect(await badVerify('127.0.0.4', 'direct', '127.0.0.9')).toBe(429);
    expect(await badVerify('127.0.0.5', 'proxy')).toBe(400);
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set, and takes a hop count or addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5, loopback, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('refuses anything else with a message that says what it takes', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY must be a hop count or a comma-separated list/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not: 10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: '0' })).toThrow(/hop count from 1 to 10/);
  });
});
