import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compileCatalog } from '../../packages/shared/src/i18n/catalog.ts';

// react-router's package exports name only its development build; the production one (no dev warnings,
// smaller) sits beside it and is what a production bundle should carry.
const routerDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

// React DOM's client makes five sentinel errors (thrown and compared by identity: a suspended render, a
// hydration mismatch…) when its module loads. Chromium records a stack trace with line numbers for every error
// made, and finding the line numbers of a frame means parsing its function again: here the function that wraps
// all of React DOM (200 kB), 60–90 ms on this machine, the largest part of the entry's evaluation
// (decision 082). Each sentinel is made instead the first time it is thrown or compared, deep in a render,
// where the frames are small functions. Same objects, same messages; the build fails if React renames them.
const SENTINELS = [
  'HydrationMismatchException',
  'SuspenseException',
  'SuspenseyCommitException',
  'SuspenseActionException',
  'SelectiveHydrationException',
];
function lazyReactSentinels(): Plugin {
  return {
    name: 'lokal:lazy-react-sentinels',
    apply: 'build',
    transform(code, id) {
      if (!id.endsWith('/react-dom/cjs/react-dom-client.production.js')) return null;
      let out = code;
      const getters: string[] = [];
      for (const name of SENTINELS) {
        const made = new RegExp(`\\b${name} = (Error\\(formatProdErrorMessage\\(\\d+\\)\\))`);
        const found = made.exec(out);
        if (!found) throw new Error(`react-dom no longer makes ${name} as expected: update vite.config.ts`);
        out = out.replace(made, `${name}$made = null`);
        out = out.replace(new RegExp(`\\b${name}\\b(?!\\$made)`, 'g'), `${name}$get()`);
        getters.push(`function ${name}$get() { return ${name}$made || (${name}$made = ${found[1]}); }`);
      }
      return { code: `${out}\n${getters.join('\n')}\n`, map: null };
    },
  };
}

// A language's catalog is compiled as it is imported (decision 099): the app formats messages without
// carrying a MessageFormat parser. Vite's JSON plugin then makes the compiled catalog a module.
function compiledCatalogs(): Plugin {
  return {
    name: 'lokal:compiled-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/i18n\/messages\/[a-z]{2}\.json$/.test(id)) return null;
      return { code: JSON.stringify(compileCatalog(JSON.parse(code))), map: null };
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), lazyReactSentinels(), compiledCatalogs()],
  resolve: {
    dedupe: ['react', 'react-dom'],
    alias:
      mode === 'production'
        ? [{ find: /^react-router$/, replacement: path.join(routerDir, 'dist/production/index.mjs') }]
        : [],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    // Read by scripts/prerender.mjs to list each screen's chunks (dist/preloads.json), then removed.
    manifest: true,
  },
  server: { port: 5173, proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } } },
}));
