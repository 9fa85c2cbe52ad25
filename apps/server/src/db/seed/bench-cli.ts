// `npm run seed:bench`: loads 100,000 guides and 20,000 tourists into the database DATABASE_URL names.
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { seedBenchData } from './bench-data.ts';
import { seedDemoData } from './seed.ts';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl, config.dataDir);
const started = Date.now();
await seedDemoData(database.db);
await seedBenchData(
  database.db,
  Number(process.env.BENCH_GUIDES ?? 100_000),
  Number(process.env.BENCH_TOURISTS ?? 20_000),
);
console.log(`Bench data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await database.close();
