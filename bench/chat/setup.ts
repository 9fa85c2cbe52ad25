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
// The guides as the assessment leaves them: listed (tourists start conversations only with listed guides)
// and with a city (guides see tourists only then; docs/product.md#tourist-list).
await database.db.execute(
  sql`update users set personality_test_completed = true where email like 'bench-chat-guide-%@bench.lokal.test'`,
);
await database.db.execute(sql`
  insert into guide_profiles (user_id, first_name, last_name, city, image, listed)
  select id, 'Bench', 'Guide', 'Lisbon', '/api/avatars/bench-guide.svg', true
  from users where email like 'bench-chat-guide-%@bench.lokal.test'
  on conflict (user_id) do update set listed = true, city = 'Lisbon'`);
await database.close();
