import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helper.ts';

// The OpenAPI document is what API clients generate code from: it must pass Redocly's recommended rules.
describe('OpenAPI document', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('passes redocly lint with the recommended rules, without errors or warnings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: res.body, absoluteRef: 'openapi.json', config });
    const summary = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`,
    );

    expect(summary).toEqual([]);
  });

  it('answers the 400 every operation declares: a NUL character is refused even where nothing else is read', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health?probe=%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation-error' });
  });
});
