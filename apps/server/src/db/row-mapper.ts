import { Column, getTableName, is, SQL, Subquery, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgliteSession } from 'drizzle-orm/pglite';

/** A selected field as the query builder lists it: where it goes in the row object, and what it is. */
type Field = { path: string[]; field: unknown };
type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Row = Record<string, unknown>;
type Prepared = {
  fields?: Field[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

const decoderOf = (s: SQL) => (s as unknown as { decoder: Decoder }).decoder;

/**
 * Drizzle's row mapping (`mapResultRow`, drizzle-orm/utils) compiled once per statement into a function that
 * builds each row as object literals of a fixed shape, decoding a value only where its column has a decoder.
 * Drizzle works out for every field of every row which decoder, which table and where the value goes (an
 * `is(field, Column)` walk up the prototype chain each time); a loop over the fields doing it once per
 * statement still spent a tenth of a list's time walking paths and calling decoders of many kinds from one
 * place (decision 059). The result is the same object, field by field (row-mapper.test.ts compares both on
 * real statements), including drizzle's rule for a joined table that found nothing: a nested object is null
 * when its first column from a table is null and all its columns come from that one table, unless the join
 * cannot miss.
 */
export function compileRowMapper(fields: Field[], joinsNotNullableMap?: Record<string, boolean>) {
  const decoders: Decoder[] = [];
  type Tree = Map<string, number | Tree>;
  const root: Tree = new Map();
  // Each nested object that may stand for a missing join: its columns' table, its first column.
  const joined = new Map<string, { table: string | null; first: number }>();
  fields.forEach(({ path, field }, i) => {
    const column = is(field, Column);
    decoders.push(
      column
        ? field
        : is(field, SQL)
          ? decoderOf(field)
          : is(field, Subquery)
            ? decoderOf((field as unknown as { _: { sql: SQL } })._.sql)
            : decoderOf((field as { sql: SQL }).sql),
    );
    let node = root;
    for (const part of path.slice(0, -1)) {
      let next = node.get(part);
      if (next === undefined || typeof next === 'number') {
        next = new Map();
        node.set(part, next);
      }
      node = next;
    }
    node.set(path[path.length - 1]!, i);
    if (joinsNotNullableMap && column && path.length === 2) {
      const table = getTableName(field.table);
      const group = joined.get(path[0]!);
      if (!group) joined.set(path[0]!, { table, first: i });
      else if (group.table !== table) group.table = null;
    }
  });
  const identity = (d: Decoder) =>
    d.mapFromDriverValue === Column.prototype.mapFromDriverValue || d === decoderOf(sql``);
  const lines = decoders.map((d, i) =>
    identity(d)
      ? `const v${i} = row[${i}];`
      : `const v${i} = row[${i}] === null ? null : d[${i}].mapFromDriverValue(row[${i}]);`,
  );
  const literal = (node: Tree): string =>
    `{ ${[...node]
      .map(([key, v]) => `${JSON.stringify(key)}: ${typeof v === 'number' ? `v${v}` : literal(v)}`)
      .join(', ')} }`;
  const misses = [...joined]
    .filter(([, g]) => g.table !== null && !joinsNotNullableMap?.[g.table])
    .map(([name, g]) => `if (v${g.first} === null) r[${JSON.stringify(name)}] = null;`);
  // The keys and indexes are the statement's own field names and positions, never input.
  const build = new Function(
    'd',
    `return function mapRow(row) {\n${lines.join('\n')}\nconst r = ${literal(root)};\n${misses.join('\n')}\nreturn r;\n};`,
  ) as (d: Decoder[]) => (row: unknown[]) => Row;
  return build(decoders);
}

/**
 * Every statement with selected fields that either driver prepares maps its rows with `compileRowMapper`,
 * compiled on the first execution (the builder sets which joins may be null after preparing). Statements that
 * bring their own mapper (relational queries) keep it.
 */
export function useCompiledRowMappers(): void {
  for (const Session of [NodePgSession, PgliteSession]) {
    const proto = Session.prototype as unknown as { prepareQuery: (...args: unknown[]) => Prepared };
    const prepareQuery = proto.prepareQuery;
    if ((prepareQuery as { compiled?: boolean }).compiled) continue;
    const patched = function (this: unknown, ...args: unknown[]) {
      const query = prepareQuery.apply(this, args);
      if (query.fields && !query.customResultMapper) {
        let map: ((row: unknown[]) => Row) | null = null;
        query.customResultMapper = (rows) => {
          map ??= compileRowMapper(query.fields!, query.joinsNotNullableMap);
          return rows.map(map);
        };
      }
      return query;
    };
    proto.prepareQuery = Object.assign(patched, { compiled: true });
  }
}
