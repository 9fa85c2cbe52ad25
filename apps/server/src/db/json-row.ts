import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
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
