import { configDefaults, defineConfig } from 'vitest/config';
import { NODE_FLAGS } from './scripts/node-flags.mjs';

// Tests of several server processes need a PostgreSQL server; .ci/run provides one. Tests of the embedded
// PGlite's own behaviour (test/pglite) run where the suite runs on PGlite.
const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;

// Three suites: pure functions, the server through inject() on a real engine, and the browser journeys.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          execArgv: NODE_FLAGS,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            onPostgres ? 'apps/server/test/pglite/**' : 'apps/server/test/postgres/**',
          ],
          environment: 'node',
          execArgv: NODE_FLAGS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          environment: 'node',
          execArgv: NODE_FLAGS,
          // A ceiling, not a wait: the longest journeys (axe on every screen of a role) take about 45 s on a busy
          // 2-core machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
