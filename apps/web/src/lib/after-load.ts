/**
 * Runs `fn` once the page has loaded and the main thread has a quiet moment (decision 042): work the first
 * screen does not need (the live connection, the service worker) must not lengthen the tasks that draw it.
 * After the first load (a later sign-in, a later screen) it waits only for the next quiet moment. Returns a
 * function that cancels it.
 */
export function afterLoad(fn: () => void, { delay = 0, timeout = 2000 } = {}): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const run = () => {
    if (!cancelled) fn();
  };
  const whenQuiet = () => {
    if (cancelled) return;
    // Safari has no requestIdleCallback: a short timeout stands in.
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout });
    else timer = setTimeout(run, 50);
  };
  const onLoad = () => {
    timer = setTimeout(whenQuiet, delay);
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', onLoad);
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
