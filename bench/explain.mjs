// EXPLAIN (ANALYZE, BUFFERS) of the hot list queries at scale, for docs/performance.md (decision 039):
//   scripts/with-postgres.sh bash -c 'npm run seed:bench && node bench/explain.mjs'
// Runs bench/data/lists-explain.ts on the database DATABASE_URL names and prints its plans.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL?.startsWith('postgres')) {
  console.error('bench/explain.mjs needs DATABASE_URL=postgres://… (scripts/with-postgres.sh sets one)');
  process.exit(1);
}
const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/data/lists-explain.ts'], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(run.status ?? 1);
