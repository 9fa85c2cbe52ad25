import { NETWORK_MESSAGES } from '@lokal/shared/constants/network';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { loadChunk } from '../../lib/chunk-load.ts';
import { toast } from '../../lib/toast.ts';
import type { DialogProps } from './dialog-frame.tsx';

/** Catches a dialog that could not load (or broke) so the screen under it stays as it was. */
class LoadFailed extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A dialog component whose code loads when it first opens, not with the page. Once opened it stays
 * mounted, so closing it still runs its focus return. Code that cannot load (offline, or a newer build
 * removed it) closes the dialog with a word why; the next open tries again (docs/product.md#bad-networks).
 */
export function loadOnOpen<P extends { open: boolean; onOpenChange?: (open: boolean) => void }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  // React remembers a failed lazy component for good: a failure makes a new one for the next open.
  const make = () =>
    lazy(() => loadChunk(load).then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  let Lazy = make();
  return function LoadOnOpen(props: P) {
    const [used, setUsed] = useState(props.open);
    // Set when loading failed while open: wait for the dialog to close before trying again.
    const failed = useRef(false);
    if (!props.open) failed.current = false;
    if (props.open && !used && !failed.current) setUsed(true);
    if (!used) return null;
    const onError = () => {
      Lazy = make();
      failed.current = true;
      setUsed(false);
      props.onOpenChange?.(false);
      toast.error(navigator.onLine ? NETWORK_MESSAGES.partUpdated : NETWORK_MESSAGES.partOffline);
    };
    return (
      <LoadFailed onError={onError}>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </LoadFailed>
    );
  };
}

/** The one dialog of the app (Radix: focus trap, Escape, scroll lock; 11 kB gzipped, loaded on first open). */
export const Dialog = loadOnOpen<DialogProps>(() => import('./dialog-frame.tsx').then((m) => m.default));
