import { is, sql } from 'drizzle-orm';
import { PgArray } from 'drizzle-orm/pg-core';

/**
 * The columns, each array read as JSON: the driver parses a text array in JavaScript, which was the largest
 * single cost of reading a page of cards or tourists (the search's arrays, about a tenth of its CPU); a JSON
 * column is parsed by the engine's own JSON.parse into the same arrays, values still
 * (docs/decisions/078-database-access.md).
 */
export function arraysAsJson<T extends Record<string, unknown>>(columns: T): T {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [
      key,
      is(column, PgArray) ? sql`to_json(${column})` : column,
    ]),
  ) as T;
}
