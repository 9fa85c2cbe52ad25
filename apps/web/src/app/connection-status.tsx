import { NETWORK_MESSAGES as M } from '@lokal/shared/constants/network';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useOnline, useReconnecting } from '../lib/network-status.ts';
import { applyUpdate, useUpdateWaiting } from '../lib/service-worker.ts';

/**
 * The app's word on its connection and its version (docs/product.md#bad-networks): a banner while the
 * browser is offline or the live connection is coming back, and a prompt when a new build is ready.
 */
export function ConnectionStatus() {
  const online = useOnline();
  const reconnecting = useReconnecting();
  const updateWaiting = useUpdateWaiting();
  // Only a signed-in member's app holds a live connection (the realtime bridge opens it).
  const banner = !online ? M.offlineBanner : reconnecting ? M.reconnectingBanner : null;
  // Above the bottom bar (phones and desktop), centred; the banner lets clicks through to whatever it covers.
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex flex-col items-center gap-2 px-3">
      <div role="status" aria-live="polite">
        {banner ? (
          <p
            data-testid="connection-banner"
            className="flex items-center gap-2 rounded-full bg-ink px-4 py-2 text-sm text-ivory shadow-lift"
          >
            {online ? (
              <RefreshCw
                className="h-4 w-4 shrink-0 animate-spin text-gold motion-reduce:animate-none"
                aria-hidden
              />
            ) : (
              <WifiOff className="h-4 w-4 shrink-0 text-gold" aria-hidden />
            )}
            {banner}
          </p>
        ) : null}
      </div>
      {updateWaiting ? (
        <div
          role="alert"
          data-testid="update-prompt"
          className="pointer-events-auto flex w-full max-w-md items-center justify-between gap-4 rounded-card bg-ink px-5 py-3 text-ivory shadow-lift"
        >
          <p className="text-sm">{M.updateReady}</p>
          <button
            type="button"
            onClick={applyUpdate}
            className="h-9 shrink-0 rounded-full bg-gold px-4 text-sm font-semibold text-ink hover:bg-[#e4b862]"
          >
            {M.reload}
          </button>
        </div>
      ) : null}
    </div>
  );
}
