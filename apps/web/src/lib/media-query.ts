import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes. For parts that only one screen width shows:
 * rendering them hidden still costs their work (decision 042).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
