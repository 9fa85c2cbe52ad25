/**
 * A statement prepared under its name: drizzle's own `.prepare(name)`, kept while some repositories still call
 * it by this name (docs/decisions/078-database-access.md). New code calls `.prepare(name)` directly.
 */
export function planOnce<P>(query: { prepare(name: string): P }, name: string): P {
  return query.prepare(name);
}
