import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// react-router's package exports name only its development build; the production one (no dev warnings,
// smaller) sits beside it and is what a production bundle should carry.
const routerDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss()],
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
