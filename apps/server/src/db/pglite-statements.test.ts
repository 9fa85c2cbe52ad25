import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteRemote } from './pglite-remote.ts';
import { prepareStatementsOnPglite } from './pglite-statements.ts';
import { statementName } from './statement-names.ts';

// Two engines on the same schema and rows: PGlite as it comes, and PGlite as the server opens it, with its engine
// in a thread of its own (PGliteRemote) and prepared statements.
let plain: PGlite;
let prepared: PGliteRemote;
const SCHEMA = `
  create table items (id serial primary key, name text unique not null, tags text[] not null default '{}',
    doc jsonb, at timestamptz not null default '2026-11-27T10:00:00Z', price numeric);
  insert into items (name, tags, doc, price) values
    ('Ana', '{art,music}', '{"a":[1,2]}', 12.5), ('Bo', '{}', null, null), ('Cy', '{night}', '{"b":true}', 80);
  create function items_changed() returns trigger language plpgsql as $$
    begin perform pg_notify('items', new.name); return new; end $$;
  create trigger items_changed after insert on items for each row execute function items_changed();`;

beforeAll(async () => {
  plain = new PGlite();
  prepared = new PGliteRemote();
  for (const db of [plain, prepared]) await db.exec(SCHEMA);
  prepareStatementsOnPglite(prepared);
});
afterAll(async () => {
  await plain.close();
  await prepared.close();
});

const isPrepared = async (text: string) =>
  (
    await prepared.query<{ n: number }>(
      'select count(*)::int n from pg_prepared_statements where name = $1',
      [statementName(text)],
    )
  ).rows[0]!.n === 1;

describe('PGlite in a thread of its own, with prepared statements', () => {
  const READ = 'select id, name, tags, doc, at, price from items where id >= $1 and name <> $2 order by id';
  // What drizzle passes: timestamps left as text.
  const raw = { parsers: { [types.TIMESTAMPTZ]: (v: string) => v } };

  it('answers a parameterized read as PGlite does, in objects and in arrays, with the caller’s parsers', async () => {
    for (const options of [undefined, { rowMode: 'array' as const }, { rowMode: 'array' as const, ...raw }]) {
      const expected = await plain.query(READ, [1, 'Bo'], options);
      expect(await prepared.query(READ, [1, 'Bo'], options)).toEqual(expected);
    }
    // Two columns of one name: the later value, in the first one's place, as PGlite gives it.
    const twice = 'select name as a, id as b, tags as a from items where id = $1';
    expect(await prepared.query(twice, [1])).toEqual(await plain.query(twice, [1]));
    expect(await isPrepared(READ)).toBe(true);
    // The same text with other values reuses the statement and sees them.
    expect((await prepared.query<{ name: string }>(READ, [3, 'x'])).rows.map((r) => r.name)).toEqual(['Cy']);
  });

  it('binds nulls, arrays and JSON, and reports what a write changed', async () => {
    const write =
      'update items set tags = $1, doc = $2, price = $3 where name = $4 returning tags, doc, price';
    const values = [['a', 'b'], { x: 1 }, null, 'Bo'];
    const got = await prepared.query(write, values);
    expect(got.rows).toEqual([{ tags: ['a', 'b'], doc: { x: 1 }, price: null }]);
    expect(got).toEqual(await plain.query(write, values));
    expect(got).toMatchObject({ command: 'UPDATE', affectedRows: 1, rowCount: 1 });
    const none = 'delete from items where name = $1';
    expect(await prepared.query(none, ['nobody'])).toEqual(await plain.query(none, ['nobody']));
    expect(await prepared.query(none, ['nobody'])).toMatchObject({ affectedRows: 0, rows: [] });
  });

  it('throws the engine’s error with the statement, and the next statement runs', async () => {
    const insert = 'insert into items (name) values ($1)';
    const err = await prepared.query(insert, ['Ana']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', query: insert, params: ['Ana'] });
    // A text that does not parse is not kept: it fails the same way each time.
    for (let i = 0; i < 2; i++)
      await expect(prepared.query('selec $1', [1])).rejects.toMatchObject({ code: '42601' });
    expect((await prepared.query(READ, [1, 'x'])).rows).toHaveLength(3);
  });

  it('runs a transaction’s statements prepared and on its turn: a rollback undoes them', async () => {
    const insert = 'insert into items (name) values ($1) returning name';
    const outside: Promise<unknown>[] = [];
    await expect(
      prepared.transaction(async (tx) => {
        expect((await tx.query(insert, ['Dee'])).rows).toEqual([{ name: 'Dee' }]);
        // A statement outside the transaction waits for it to end, so it never sees 'Dee'.
        outside.push(prepared.query('select count(*)::int n from items where name = $1', ['Dee']));
        expect((await tx.query('select name from items where name = $1', ['Dee'])).rows).toHaveLength(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await isPrepared(insert)).toBe(true);
    expect(((await outside[0]) as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
    await prepared.transaction(async (tx) => tx.query(insert, ['Eve']));
    expect((await prepared.query('select name from items where name = $1', ['Eve'])).rows).toHaveLength(1);
  });

  it('delivers what a statement’s trigger notifies, once, and nothing after unlisten', async () => {
    const heard: string[] = [];
    const unlisten = await prepared.listen('ITEMS', (payload) => heard.push(payload));
    await prepared.query('insert into items (name) values ($1)', ['Fay']);
    // A transaction's notification comes with its commit, through PGlite's own path.
    await prepared.transaction(async (tx) => tx.query('insert into items (name) values ($1)', ['Gus']));
    await expect.poll(() => heard).toEqual(['Fay', 'Gus']);
    await unlisten();
    await prepared.query('insert into items (name) values ($1)', ['Hal']);
    // And by unlisten with the channel alone.
    await prepared.listen('items', (payload) => heard.push(`again ${payload}`));
    await prepared.query('insert into items (name) values ($1)', ['Ivy']);
    await prepared.unlisten('items');
    await prepared.query('insert into items (name) values ($1)', ['Jo']);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(['Fay', 'Gus', 'again Ivy']);
  });

  it('answers what PGlite’s own path takes (no parameters, several statements, errors) as PGlite does', async () => {
    // The rows both engines hold (the tests above added more to one of them).
    const read = 'select name, tags, doc, price from items where id <= 3 order by id';
    expect(await prepared.query(read)).toEqual(await plain.query(read));
    const script = "select count(*)::int n from items where id <= 3; select 'x' as y";
    expect(await prepared.exec(script)).toEqual(await plain.exec(script));
    const [got, want] = await Promise.all(
      [prepared, plain].map((db) => db.query('select nope from items').catch((e: unknown) => e)),
    );
    expect(got).toMatchObject({ code: '42703', message: (want as Error).message });
    // Many at once keep their order and their answers.
    const ids = Array.from({ length: 50 }, (_, i) => i % 4);
    const names = await Promise.all(
      ids.map((id) => prepared.query<{ name: string }>('select name from items where id = $1', [id])),
    );
    const expected = await Promise.all(
      ids.map((id) => plain.query<{ name: string }>('select name from items where id = $1', [id])),
    );
    expect(names.map((r) => r.rows)).toEqual(expected.map((r) => r.rows));
  });
});

describe('PGliteRemote', () => {
  it('answers what was sent before a close, refuses statements after it, and keeps a folder’s rows for the next start', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lokal-pglite-remote-'));
    try {
      const first = new PGliteRemote(dir);
      await first.waitReady;
      await first.exec("create table kept (name text); insert into kept values ('Ana')");
      prepareStatementsOnPglite(first);
      // Statements under way when the close comes are answered: it waits for them (here, most of them wait
      // for the text's preparation before they send their run).
      const sent = Array.from({ length: 20 }, (_, i) =>
        first.query<{ n: number }>('select $1::int as n from kept', [i]),
      );
      await new Promise((resolve) => setImmediate(resolve));
      await first.close();
      expect((await Promise.all(sent)).map((r) => r.rows[0]!.n)).toEqual([...Array(20).keys()]);
      expect(first.closed).toBe(true);
      await expect(first.query('select 1')).rejects.toThrow('PGlite is closed');
      const again = new PGliteRemote(dir);
      expect((await again.query('select name from kept')).rows).toEqual([{ name: 'Ana' }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
