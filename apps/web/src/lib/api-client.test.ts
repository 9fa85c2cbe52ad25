import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client.ts';

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
    await api.get('/guides/search', { q: 'art', city: undefined, category: '', limit: 12 });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/guides/search?q=art&limit=12',
      expect.objectContaining({ method: 'GET' }),
    );
    await api.post('/favorites/add', { profileId: 'x' });
    const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"profileId":"x"}');
  });

  it("throws the body's message on a non-OK response", async () => {
    respond(403, '{"message":"Beta Access Only","code":"not-invited"}');
    await expect(api.post('/auth/request-link', {})).rejects.toMatchObject({
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
