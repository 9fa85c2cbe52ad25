import { sql } from 'drizzle-orm';
import { buildApp } from './src/app.ts';
import { openDatabase } from './src/db/client.ts';
import { loadConfig } from './src/config.ts';
import { mockSignIn } from './test/helper.ts';
const dir = process.env.DD!;
const database = await openDatabase(undefined, dir);
const config = loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'error' }, {});
const app = await buildApp(config, { database, seed: false });
await app.ready();
const who = process.env.WHO ?? 'guide';
const s = await mockSignIn(app, who === 'guide' ? 'sofia.martinez@demo.lokal.app' : 'james.whitfield@demo.lokal.app', who as 'guide');
for (let i = 0; i < 30; i++) {
  const r = await app.inject({ url: process.env.P!, headers: { cookie: s.cookie } });
  if (r.statusCode !== 200) console.log(r.statusCode, r.body.slice(0, 200));
}
const r = await database.db.execute(sql`select name, generic_plans, custom_plans, statement as s, parameter_types::text as t from pg_prepared_statements where generic_plans >= 30 and name like 'q_%' order by name`);
for (const row of (r as unknown as { rows: {name:string;s:string;t:string}[] }).rows) { const f = `/tmp/prof/st-${row.name}.sql`; (await import('node:fs')).writeFileSync(f, row.s); console.log(f, row.t); }
await app.close();
await database.close();
