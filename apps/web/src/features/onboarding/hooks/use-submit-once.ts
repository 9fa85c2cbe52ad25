import { useCallback, useRef, useState } from 'react';

/**
 * The last step's submit (docs/product.md#onboarding): a second click while the first is on its way is ignored; a failure
 * unlocks the button and shows `failure(err)`. On success the button stays locked while the page moves on.
 */
export function useSubmitOnce() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const run = useCallback(async (task: () => Promise<void>, failure: (err: unknown) => string) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (err) {
      setError(failure(err));
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
