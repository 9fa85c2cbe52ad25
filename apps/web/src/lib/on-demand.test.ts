import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand.ts';

describe('onDemand', () => {
  it('loads once for every caller', async () => {
    const load = vi.fn(async () => ({ value: 1 }));
    const get = onDemand(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('loaded');
    const get = onDemand(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('loaded');
  });
});
