/**
 * The sessions this instance looked up a moment ago: every signed-in request needs its session,
 * and reading it from the database each time cost half of a cheap request. An entry lives `ttlMs` (1 s by
 * default, SESSION_CACHE_MS) on the wall clock and on the app's clock (tests move that one), and is forgotten
 * at once when something may have changed it: any write request of its member on this instance, and a
 * sign-out of the member on any instance (the `signed-out` event every instance hears). A look-up that a
 * forget overtook is not kept, so an old answer read before a write never outlives it.
 */
export type SessionCache<T> = {
  /** The cached answer for this token hash, or `load()`'s (kept when it found a session). */
  get: (tokenHash: string, load: () => Promise<T | null>) => Promise<T | null>;
  /** Forgets every cached session of these members. */
  forgetUsers: (userIds: string[]) => void;
  /** Forgets every cached session (sign-outs may have been missed). */
  forgetAll: () => void;
};

type Entry<T> = { value: T; userId: string; wallAt: number; appAt: number };

export function createSessionCache<T>(options: {
  ttlMs: number;
  now: () => number;
  userOf: (value: T) => string;
  /** Entries kept at most; the oldest go first. */
  max?: number;
}): SessionCache<T> {
  const { ttlMs, now, userOf } = options;
  const max = options.max ?? 10_000;
  const entries = new Map<string, Entry<T>>();
  // Bumped by every forget: a look-up that started before one is not kept.
  let epoch = 0;
  const fresh = (e: Entry<T>) => {
    const wall = performance.now() - e.wallAt;
    const app = now() - e.appAt;
    return wall < ttlMs && app >= 0 && app < ttlMs;
  };
  return {
    async get(tokenHash, load) {
      if (ttlMs <= 0) return load();
      const hit = entries.get(tokenHash);
      if (hit && fresh(hit)) return hit.value;
      if (hit) entries.delete(tokenHash);
      const started = epoch;
      const wallAt = performance.now();
      const appAt = now();
      const value = await load();
      if (value && started === epoch) {
        if (entries.size >= max) entries.delete(entries.keys().next().value as string);
        entries.set(tokenHash, { value, userId: userOf(value), wallAt, appAt });
      }
      return value;
    },
    forgetUsers(userIds) {
      if (ttlMs <= 0 || userIds.length === 0) return;
      epoch++;
      const gone = new Set(userIds);
      for (const [hash, e] of entries) if (gone.has(e.userId)) entries.delete(hash);
    },
    forgetAll() {
      epoch++;
      entries.clear();
    },
  };
}
