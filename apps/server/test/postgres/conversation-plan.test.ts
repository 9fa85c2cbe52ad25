import { CONVERSATION_PAGE_SIZE } from '@lokal/shared/schemas/chat';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { createChatRepository } from '../../src/modules/chat/repository.ts';
import { openTestDatabase } from '../helper.ts';

// The conversation list keeps one plan for every member (decision 060): a member with thousands of
// conversations and one with two run the same prepared statement, and PostgreSQL settles on its generic plan
// instead of planning it again on every call. Runs only against PostgreSQL (its plan cache).
let database: Database;
const tag = `plan${Date.now().toString(36)}`;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe('the conversation list plan', () => {
  it('is planned once for a guide with 2,000 conversations and for one with two', async () => {
    const db = database.db;
    const [busy, quiet] = rows<{ id: string }>(
      await db.execute(sql`insert into users (email, role, onboarding_completed)
        values (${`busy.${tag}@example.com`}, 'guide', true), (${`quiet.${tag}@example.com`}, 'guide', true)
        returning id`),
    );
    await db.execute(sql`insert into users (email, role, onboarding_completed)
      select ${tag} || '.' || i || '@example.com', 'tourist', true from generate_series(1, 2000) i`);
    const tourists = sql`(select id, row_number() over (order by id) as n from users
      where role = 'tourist' and email like ${`${tag}.%`}) t`;
    await db.execute(sql`insert into conversations (tourist_id, guide_id, started_by, last_message_at)
      select t.id, ${busy!.id}::uuid, t.id, now() - make_interval(mins => t.n::int) from ${tourists}`);
    await db.execute(sql`insert into conversations (tourist_id, guide_id, started_by, last_message_at)
      select t.id, ${quiet!.id}::uuid, t.id, now() from ${tourists} where t.n <= 2`);
    await db.execute(sql`analyze conversations`);
    await db.execute(sql`analyze users`);

    const repo = createChatRepository(db);
    const limit = CONVERSATION_PAGE_SIZE + 1;
    for (let i = 0; i < 8; i++) {
      // One after the other: every read goes down the same idle connection (decision 058).
      expect(
        await repo.listFor({ id: busy!.id, role: 'guide' }, { limit, cursor: null }, new Date()),
      ).toHaveLength(limit);
      expect(
        await repo.listFor({ id: quiet!.id, role: 'guide' }, { limit, cursor: null }, new Date()),
      ).toHaveLength(2);
    }
    const [plans] = rows<{ generic: number; custom: number }>(
      await db.execute(sql`select generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where name = ${`conversation_list_guide_first_${limit}`}`),
    );
    // The first five runs are always planned for their values; after that the generic plan serves.
    expect(plans, 'the statement was prepared on the connection asked').toBeDefined();
    expect(plans!.generic).toBeGreaterThanOrEqual(10);
    expect(plans!.custom).toBeLessThanOrEqual(6);
  });
});
