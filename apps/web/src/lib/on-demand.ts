/**
 * A module loaded once, when first needed. The forms load their shared zod schemas this way (zod is 25 kB
 * gzipped): on first focus or submit, not with the page. A failed load is retried next time.
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}
