import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './response-serializer.ts';

// A route's answer goes out in the shape its schema names, whatever the handler holds (decision 063).
describe('the response serializer', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  const answer = z.object({
    name: z.string().max(5),
    at: z.codec(z.iso.datetime(), z.date(), {
      decode: (s) => new Date(s),
      encode: (d) => d.toISOString(),
    }),
    tags: z.array(z.object({ label: z.string() })),
    note: z.string().nullable(),
  });
  let sent: unknown;

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.get('/thing', { schema: { response: { 200: answer } } }, async () => sent as z.output<typeof answer>);
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends only the keys the schema names, at every depth, and encodes codecs', async () => {
    sent = {
      name: 'Ana',
      at: new Date('2026-11-27T10:00:00.000Z'),
      tags: [{ label: 'art', secret: 'x' }],
      note: null,
      email: 'ana@example.com',
    };
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      '{"name":"Ana","at":"2026-11-27T10:00:00.000Z","tags":[{"label":"art"}],"note":null}',
    );
  });

  it("does not run the fields' refinements on the way out", async () => {
    sent = { name: 'Anastasia', at: new Date(0), tags: [], note: 'a' };
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Anastasia', at: '1970-01-01T00:00:00.000Z', tags: [], note: 'a' });
  });

  it('refuses an answer of the wrong type with a 500, never sends it', async () => {
    sent = { name: 42, at: new Date(0), tags: [], note: null };
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('42');
    sent = { name: 'Ana', at: new Date(0), tags: [] };
    expect((await app.inject({ url: '/thing' })).statusCode).toBe(500);
  });
});
