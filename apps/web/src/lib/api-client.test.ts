import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, logUnexpected } from './api-client.ts';

function respond(status: number, body: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('calls the same origin under /api with JSON and drops undefined filters', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/guides/search', { query: { q: 'art', city: undefined, category: '', limit: 12 } });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/guides/search?q=art&limit=12',
      expect.objectContaining({ method: 'GET' }),
    );
    await api.post('/favorites/add', { body: { profileId: 'x', profileType: 'guide', profileName: 'Ana' } });
    const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"profileId":"x","profileType":"guide","profileName":"Ana"}');
  });

  it("fills the route's parameters into the address, encoded, and sends a POST without a body as {}", async () => {
    const fetchMock = vi.fn(async () => new Response('{"success":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await api.delete('/admin/invites/:email', { params: { email: 'a+b@x.io/..' } });
    await api.post('/admin/waitlist/:id/dismiss', { params: { id: 'r1' } });
    const [[deleteUrl, deleteInit], [postUrl, postInit]] = fetchMock.mock.calls as unknown as [
      [string, RequestInit],
      [string, RequestInit],
    ];
    expect(deleteUrl).toBe('/api/admin/invites/a%2Bb%40x.io%2F..');
    expect(deleteInit.body).toBeUndefined();
    expect(postUrl).toBe('/api/admin/waitlist/r1/dismiss');
    expect(postInit.body).toBe('{}');
  });

  it('sends an Idempotency-Key when the call names one, and none otherwise', async () => {
    const fetchMock = vi.fn(async () => new Response('{"booking":{}}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/bookings/:id/accept', { params: { id: 'b1' }, idempotencyKey: 'k-0123456789' });
    await api.post('/bookings/:id/accept', { params: { id: 'b1' } });
    const [[, keyed], [, plain]] = fetchMock.mock.calls as unknown as [
      [string, RequestInit],
      [string, RequestInit],
    ];
    expect((keyed.headers as Record<string, string>)['Idempotency-Key']).toBe('k-0123456789');
    expect((plain.headers as Record<string, string>)['Idempotency-Key']).toBeUndefined();
  });

  it('uploads a form to an address with its parameters filled in, without a JSON type', async () => {
    const fetchMock = vi.fn(async () => new Response('{"photos":[]}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('photo', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.upload('/experiences/:id/photos', form, { params: { id: 'e 1' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/experiences/e%201/photos');
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it("throws the body's message on a non-OK response", async () => {
    respond(403, '{"message":"Beta Access Only","code":"not-invited"}');
    await expect(
      api.post('/auth/request-link', { body: { email: 'a@b.co', userType: 'tourist' } }),
    ).rejects.toMatchObject({
      message: 'Beta Access Only',
      status: 403,
      code: 'not-invited',
    });
  });

  it("throws 'HTTP error! status: {code}' when the body has no message", async () => {
    respond(502, '<html>bad gateway</html>');
    const err = await api.get('/health').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as Error).message).toBe('HTTP error! status: 502');
  });
});

describe('logUnexpected', () => {
  it('keeps an expected 4xx out of the console and logs a 5xx, a network failure or a bug', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const status of [400, 401, 403, 404, 409, 429]) {
        respond(status, JSON.stringify({ message: 'No', code: 'no' }));
        logUnexpected(await api.get('/auth/session').catch((e: unknown) => e));
      }
      expect(spy).not.toHaveBeenCalled();
      respond(500, JSON.stringify({ message: 'Internal server error', code: 'internal-error' }));
      logUnexpected(await api.get('/auth/session').catch((e: unknown) => e));
      logUnexpected(new TypeError('Failed to fetch'));
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });
});
