import { useSyncExternalStore } from 'react';
import { realtime } from './realtime.ts';

function subscribeOnline(l: () => void) {
  window.addEventListener('online', l);
  window.addEventListener('offline', l);
  return () => {
    window.removeEventListener('online', l);
    window.removeEventListener('offline', l);
  };
}

/** What the browser says of its connection; false means certainly offline, true only maybe online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The live connection dropped after it had been open and is trying again. */
export function useReconnecting(): boolean {
  return useSyncExternalStore(realtime.subscribeStatus, realtime.reconnecting, () => false);
}
