// `npm run seed:bench`: loads 100,000 guides and 20,000 tourists (BENCH_GUIDES, BENCH_TOURISTS) into the database
// DATABASE_URL names; BENCH_BUSY_GUIDE=email:count also books that guide's calendar full. The lists at scale:
// 100,000 more tourists in Barcelona (BENCH_CITY_TOURISTS, BENCH_CITY) and the demo guide Sofia Martinez
// (BENCH_CHAT_GUIDE) in 20,000 conversations (BENCH_CONVERSATIONS) holding 1,000,000 messages (BENCH_MESSAGES).
import { loadConfig } from '../../apps/server/src/config.ts';
import { createDiscoveryRepository } from '../../apps/server/src/modules/discovery/repository.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedBenchData, seedBenchLists, seedBusyGuide } from './bench-data.ts';
import { seedDemoData } from '../../apps/server/seed/seed.ts';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl, config.dataDir);
const started = Date.now();
await seedDemoData(database.db);
await seedBenchData(
  database.db,
  Number(process.env.BENCH_GUIDES ?? 100_000),
  Number(process.env.BENCH_TOURISTS ?? 20_000),
);
await seedBenchLists(database.db, {
  city: process.env.BENCH_CITY ?? 'Barcelona',
  tourists: Number(process.env.BENCH_CITY_TOURISTS ?? 100_000),
  guideEmail: process.env.BENCH_CHAT_GUIDE ?? 'sofia.martinez@demo.lokal.app',
  conversations: Number(process.env.BENCH_CONVERSATIONS ?? 20_000),
  messages: Number(process.env.BENCH_MESSAGES ?? 1_000_000),
});
// The top 3 reads the stored score: rank the new tourists now rather than at the server's next turn.
await createDiscoveryRepository(database.db).refreshRankScores(new Date());
// BENCH_BUSY_GUIDE=email:count gives that guide a calendar of accepted bookings (the slots bench).
const [busyEmail, busyCount] = (process.env.BENCH_BUSY_GUIDE ?? '').split(':');
if (busyEmail) await seedBusyGuide(database.db, busyEmail, Number(busyCount ?? 500));
console.log(`Bench data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await database.close();
