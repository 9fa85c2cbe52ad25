// `node --import tsx bench/data/bench-explain.ts 'date=2026-12-08&party=3&sort=rating'`: EXPLAIN
// (ANALYZE, BUFFERS) of the first page of that guide search on the database DATABASE_URL / DATA_DIR names;
// bench/finding.mjs prints it for docs/performance.md.
import { FALLBACK_RATES } from '@lokal/shared/constants/currency';
import { guideSearchQuerySchema } from '@lokal/shared/schemas/discovery';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createDiscoveryRepository } from '../../apps/server/src/modules/discovery/repository.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl, config.dataDir);
const {
  sort,
  limit,
  cursor: _,
  ...filters
} = guideSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(process.argv[2] ?? '')));
const repo = createDiscoveryRepository(database.db);
const context = { rates: FALLBACK_RATES.rates, now: new Date() };
const options = { analyze: true, sort: sort === 'best_match' ? undefined : sort, limit: limit + 1 };
// Twice: the first run reads the pages into the cache, the second is what a warm server sees.
await repo.explainSearch(filters, context, options);
const plan = await repo.explainSearch(filters, context, options);
// The city → time zone table is one parameter of the statement; inlined, it would fill the page.
console.log(plan.replaceAll(/'\{"[^']*\}'::jsonb/g, '$zones::jsonb'));
await database.close();
