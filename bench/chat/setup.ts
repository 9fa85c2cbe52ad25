// Run by bench/chat.mjs (through tsx) before the server starts: opens the database the server will use
// (DATABASE_URL, else PGlite in $DATA_DIR/db — one process at a time, hence before the server), applies
// the migrations and makes BENCH_PAIRS onboarded tourists and guides. Signing in and opening the
// conversations then go through the ordinary HTTP API.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';

const pairs = Number(process.env.BENCH_PAIRS ?? 500);
const dataDir = process.env.DATA_DIR ?? './data';
const database = await openDatabase(process.env.DATABASE_URL, dataDir);
const people = [];
for (let i = 0; i < pairs; i++) {
  for (const role of ['tourist', 'guide'] as const) {
    people.push({
      email: `bench-chat-${role}-${i}@bench.lokal.test`,
      role,
      displayName: `Bench ${role} ${i}`,
      onboardingCompleted: true,
    });
  }
}
for (let i = 0; i < people.length; i += 500) {
  await database.db
    .insert(users)
    .values(people.slice(i, i + 500))
    .onConflictDoNothing();
}
// Users left by an earlier run on the same PostgreSQL database.
await database.db.execute(
  sql`update users set onboarding_completed = true where email like 'bench-chat-%@bench.lokal.test'`,
);
await database.close();
