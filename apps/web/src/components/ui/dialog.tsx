import { type ComponentType, lazy, Suspense, useState } from 'react';
import type { DialogProps } from './dialog-frame.tsx';

/**
 * A dialog component whose code loads when it first opens, not with the page. Once opened it stays
 * mounted, so closing it still runs its focus return.
 */
export function loadOnOpen<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Lazy = lazy(() =>
    load().then((component) => ({ default: component })),
  ) as unknown as ComponentType<P>;
  return function LoadOnOpen(props: P) {
    const [used, setUsed] = useState(props.open);
    if (props.open && !used) setUsed(true);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/** The one dialog of the app (Radix: focus trap, Escape, scroll lock; 11 kB gzipped, loaded on first open). */
export const Dialog = loadOnOpen<DialogProps>(() => import('./dialog-frame.tsx').then((m) => m.default));
