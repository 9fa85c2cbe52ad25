import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, pauseToasts, toast, toastStore } from './toast.ts';

const shown = () => toastStore.snapshot().map((t) => `${t.kind}:${t.message}`);

describe('toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of toastStore.snapshot()) dismissToast(t.id);
    pauseToasts(false);
    vi.useRealTimers();
  });

  it('shows a toast, tells subscribers, and takes it away after 4 s (errors after 6 s)', () => {
    const seen = vi.fn();
    const stop = toastStore.subscribe(seen);
    toast.success('Saved');
    toast.error('Failed');
    expect(shown()).toEqual(['success:Saved', 'error:Failed']);
    expect(seen).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(4000);
    expect(shown()).toEqual(['error:Failed']);
    vi.advanceTimersByTime(2000);
    expect(shown()).toEqual([]);
    stop();
  });

  it('keeps the three newest', () => {
    for (const m of ['a', 'b', 'c', 'd']) toast.info(m);
    expect(shown()).toEqual(['info:b', 'info:c', 'info:d']);
  });

  it('stops every countdown while paused and resumes with the time that was left', () => {
    toast.success('Saved');
    vi.advanceTimersByTime(3000);
    pauseToasts(true);
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual(['success:Saved']);
    pauseToasts(false);
    vi.advanceTimersByTime(999);
    expect(shown()).toEqual(['success:Saved']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('closes a toast at once when asked', () => {
    const id = toast.info('Hello');
    dismissToast(id);
    expect(shown()).toEqual([]);
  });
});
