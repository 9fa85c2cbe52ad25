import { PAGE_LIST } from '@lokal/shared/domain/pages';

export type Screen = {
  path: string;
  /** The screen's module under src/routes/, without the extension. */
  module: string;
  /** Behind the shared access guard (docs/product.md#access-guard). */
  guarded?: true;
};

/**
 * Every screen but the landing page (which ships in the entry), from the shared page table. The router
 * loads a screen's module on demand; the build lists each module's chunks so the server can name them in
 * the page it sends for that path and the browser fetches them alongside the entry (decision 016).
 */
export const SCREENS: readonly Screen[] = PAGE_LIST.flatMap(({ path, screen, access }) =>
  screen ? [{ path, module: screen, ...(access ? { guarded: true as const } : {}) }] : [],
);

/** The page for any other path. */
export const NOT_FOUND_MODULE = 'not-found';
