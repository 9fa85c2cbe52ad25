/**
 * Answers kept for `ms` by key: concurrent askers share the one promise in flight, a failed one is not kept, and
 * at most `entries` stay (the oldest made leaves first).
 */
export function keptFor<T>(ms: number, entries: number) {
  const kept = new Map<string, { until: number; value: Promise<T> }>();
  return (key: string, at: number, make: () => Promise<T>): Promise<T> => {
    const hit = kept.get(key);
    if (hit && hit.until > at) return hit.value;
    const entry = { until: at + ms, value: make() };
    entry.value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    kept.delete(key);
    kept.set(key, entry);
    if (kept.size > entries) kept.delete(kept.keys().next().value as string);
    return entry.value;
  };
}
