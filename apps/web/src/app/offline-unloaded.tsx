import { NETWORK_MESSAGES as M } from '@lokal/shared/constants/network';
import type { Query } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import { buttonClass } from '../components/ui/button.tsx';
import { useOnline } from '../lib/network-status.ts';

// A query a screen waits for that has nothing yet and waits for the network (TanStack Query pauses it offline).
const waitingOffline = (q: Query) =>
  q.getObserversCount() > 0 && q.state.status === 'pending' && q.state.fetchStatus === 'paused';

/**
 * A screen opened offline whose data this device never loaded says so instead of its skeleton
 * (docs/product.md#bad-networks). The screen stays mounted under it, so its queries resume by themselves
 * once the browser is back online; Try again asks at once. A phone's tab bar stays reachable below it.
 */
export function OfflineUnloaded() {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const subscribe = useCallback((l: () => void) => cache.subscribe(l), [cache]);
  const waiting = useSyncExternalStore(
    subscribe,
    () => cache.getAll().some(waitingOffline),
    () => false,
  );
  const online = useOnline();
  if (!waiting) return null;
  const retry = () => void queryClient.refetchQueries({ predicate: waitingOffline });
  return (
    <div
      className="fixed inset-x-0 top-0 bottom-[var(--bottom-chrome)] z-40 flex flex-col items-center justify-center bg-ivory px-6 text-center"
      data-testid="offline-unloaded"
    >
      <WifiOff className="h-14 w-14 text-gold-deep" aria-hidden />
      <h1 className="mt-6 text-3xl">{M.offlineTitle}</h1>
      <p className="mt-3 max-w-sm text-muted" role="status">
        {online ? M.backOnline : M.notLoadedBody}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClass('primary', 'lg')} onClick={retry}>
          {M.tryAgain}
        </button>
        {window.history.length > 1 ? (
          <button
            type="button"
            className={buttonClass('outline', 'lg')}
            onClick={() => window.history.back()}
          >
            {M.goBack}
          </button>
        ) : null}
      </div>
    </div>
  );
}
