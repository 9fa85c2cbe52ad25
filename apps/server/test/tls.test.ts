import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeSelfSignedCert } from '../../../scripts/self-signed-cert.mjs';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { mockSignIn, openTestDatabase, testConfig } from './helper.ts';

// A throw-away self-signed certificate for localhost, for this run only.
const { certFile, keyFile } = makeSelfSignedCert();

function get(
  url: string,
  ca?: Buffer,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  it('need each other, and must be readable', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: certFile })).toThrow(
      /TLS_KEY_FILE is required with the other TLS file/,
    );
    const unreadable = () =>
      loadConfig({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: path.join(path.dirname(certFile), 'nope.pem') });
    expect(unreadable).toThrow(ConfigError);
    expect(unreadable).toThrow(/TLS_KEY_FILE cannot be read \(ENOENT/);
  });

  it('make the default public address https', () => {
    const config = loadConfig({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile, PORT: '4443' });
    expect(config.publicUrl).toBe('https://localhost:4443');
    expect(config.tls?.cert.toString()).toContain('BEGIN CERTIFICATE');
  });
});

describe('the server over HTTPS', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url: string;
  beforeAll(async () => {
    const { tls } = loadConfig({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile });
    const database = await openTestDatabase();
    app = await buildApp(testConfig({ tls }), { database });
    app.addHook('onClose', () => database.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    url = `https://localhost:${port}`;
  });
  afterAll(() => app?.close());

  it('answers over TLS with the configured certificate', async () => {
    const res = await get(`${url}/api/health`, readFileSync(certFile));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'ok' });
  });

  it('speaks HTTP/2 to clients that offer it', async () => {
    const session = http2.connect(url, { ca: readFileSync(certFile) });
    try {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = session.request({ ':path': '/api/health' });
        let status = 0;
        let body = '';
        req.on('response', (h) => (status = Number(h[':status'])));
        req.on('data', (c) => (body += c));
        req.on('end', () => resolve({ status, body }));
        req.on('error', reject);
      });
      expect(status).toBe(200);
      expect(JSON.parse(body)).toMatchObject({ status: 'ok' });
    } finally {
      session.close();
    }
  });

  it('opens the chat socket over TLS (an HTTP/1.1 upgrade beside HTTP/2)', async () => {
    const member = await mockSignIn(app, 'ws.tls@example.com', 'tourist');
    // The Origin check compares with PUBLIC_URL, which the test configuration sets.
    const origin = testConfig().publicUrl;
    const ws = new WebSocket(`${url.replace('https', 'wss')}/api/ws`, {
      ca: readFileSync(certFile),
      headers: { cookie: member.cookie, origin },
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`answered ${res.statusCode}`)));
    });
    ws.close();
  });

  it('is refused by a client that does not trust the certificate', async () => {
    await expect(get(`${url}/api/health`)).rejects.toThrow(/self-signed certificate/);
  });
});
