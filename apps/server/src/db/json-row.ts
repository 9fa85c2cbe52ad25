import { is, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgArray } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

/**
 * The columns of a row as one JSON object, built by the engine (`json_build_object`), under the key `row`.
 * The driver then decodes one text per row and the engine's JSON.parse builds the object, where it would
 * decode a text and run a type parser (and Drizzle a mapper) for every column: for a page of cards that was
 * about a third of the server's time spent on it (decision 059). Only for columns whose JSON is the value
 * the code reads: text, numbers, booleans, arrays and JSON — not timestamps (JSON gives a string, not a Date)
 * nor bigint or numeric (a number, not the string the column gives).
 */
export function rowAsJson<T extends Record<string, SQLWrapper>>(
  columns: T,
): { row: SQL<SelectResultFields<T>> } {
  // The keys are this code's own identifiers, never input: safe to write into the statement as they are.
  const pairs = Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`);
  return { row: sql<SelectResultFields<T>>`json_build_object(${sql.join(pairs, sql`, `)})` };
}

/**
 * The columns, each array read as JSON: the driver parses a text array in JavaScript, which was the largest
 * single cost of reading a page of cards or tourists (the search's arrays, about a tenth of its CPU,
 * decision 056); a JSON column is parsed by the engine's own JSON.parse into the same arrays.
 */
export function arraysAsJson<T extends Record<string, unknown>>(columns: T): T {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [
      key,
      is(column, PgArray) ? sql`to_json(${column})` : column,
    ]),
  ) as T;
}
