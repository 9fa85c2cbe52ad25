import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
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
 * Drizzle's row mapping (`mapResultRow`, drizzle-orm/utils) done with what it works out per field computed once
 * per statement instead of for every field of every row: which decoder, which table, where it goes. Drizzle asks
 * `is(field, Column)` for each field of each row, a walk up the prototype chain for every SQL expression: on the
 * conversation list (28 rows of 60 fields) that was a quarter of the server's time. The result is the same
 * object, field by field (row-mapper.test.ts compares both on real statements).
 */
export function compileRowMapper(fields: Field[], joinsNotNullableMap?: Record<string, boolean>) {
  const columns = fields.map(({ path, field }) => {
    const column = is(field, Column);
    const decoder: Decoder = column
      ? field
      : is(field, SQL)
        ? decoderOf(field)
        : is(field, Subquery)
          ? decoderOf((field as unknown as { _: { sql: SQL } })._.sql)
          : decoderOf((field as { sql: SQL }).sql);
    // Drizzle nulls a joined table's object when its columns are all null (a left join that found nothing).
    const table = joinsNotNullableMap && column && path.length === 2 ? getTableName(field.table) : null;
    return { parents: path.slice(0, -1), key: path[path.length - 1]!, decoder, table };
  });
  return (row: unknown[]): Row => {
    const result: Row = {};
    const nullify: Record<string, string | false> = {};
    for (let i = 0; i < columns.length; i++) {
      const { parents, key, decoder, table } = columns[i]!;
      let node = result;
      for (const chunk of parents) {
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Row;
      }
      const raw = row[i];
      const value = raw === null ? null : decoder.mapFromDriverValue(raw);
      node[key] = value;
      if (table !== null) {
        const name = parents[0]!;
        const seen = nullify[name];
        if (seen === undefined) nullify[name] = value === null ? table : false;
        else if (typeof seen === 'string' && seen !== table) nullify[name] = false;
      }
    }
    if (joinsNotNullableMap) {
      for (const [name, table] of Object.entries(nullify)) {
        if (typeof table === 'string' && !joinsNotNullableMap[table]) result[name] = null;
      }
    }
    return result;
  };
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
