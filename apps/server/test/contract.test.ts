import { apiEndpoints } from '@lokal/shared/schemas/endpoints';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helper.ts';

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
      }
    >
  >;
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

const contract = Object.entries(apiEndpoints).map(([key, entry]) => {
  const [method, path] = key.split(' ') as [string, string];
  return { key, method, path, docPath: `/api${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`, entry };
});

describe('the shared API contract', () => {
  it('names every documented route, and no other', () => {
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(contract.map((c) => `${c.method} ${c.docPath}`).sort()).toEqual(documented.sort());
  });

  it.each(contract)(
    '$key: the server answers and takes what the contract says',
    ({ method, docPath, entry }) => {
      const op = doc.paths[docPath]?.[method.toLowerCase()];
      expect(op).toBeDefined();
      const fromContract = jsonSchemaTransform({
        schema: { response: { 200: entry.response }, ...('body' in entry ? { body: entry.body } : {}) },
        url: docPath,
        openapiObject: { openapi: doc.openapi },
      } as Parameters<typeof jsonSchemaTransform>[0]).schema as {
        response: Record<string, unknown>;
        body?: unknown;
      };
      const success = Object.entries(op!.responses).find(([status]) => status.startsWith('2'))!;
      expect(success[1].content?.['application/json']?.schema).toEqual(fromContract.response[200]);
      if ('body' in entry) {
        expect(op!.requestBody?.content['application/json']?.schema).toEqual(fromContract.body);
      }
      for (const [where, schema] of [
        ['path', 'params' in entry ? entry.params : undefined],
        ['query', 'query' in entry ? entry.query : undefined],
      ] as const) {
        const names = (op!.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
        expect(names.sort()).toEqual(Object.keys(schema?.shape ?? {}).sort());
      }
    },
  );
});
