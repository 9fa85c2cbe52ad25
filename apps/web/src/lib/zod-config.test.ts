import { describe, expect, it } from 'vitest';
import './zod-config.ts';

describe('zod-config', () => {
  it('turns on zod jitless mode through the global zod reads', async () => {
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const { z } = await import('zod');
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
