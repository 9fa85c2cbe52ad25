// `npm run seed:bench`: loads 100,000 guides and 20,000 tourists (BENCH_GUIDES, BENCH_TOURISTS) into the database
// DATABASE_URL names; BENCH_BUSY_GUIDE=email:count also books that guide's calendar full.
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { seedBenchData, seedBusyGuide } from './bench-data.ts';
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
// BENCH_BUSY_GUIDE=email:count gives that guide a calendar of accepted bookings (the slots bench).
const [busyEmail, busyCount] = (process.env.BENCH_BUSY_GUIDE ?? '').split(':');
if (busyEmail) await seedBusyGuide(database.db, busyEmail, Number(busyCount ?? 500));
console.log(`Bench data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await database.close();
