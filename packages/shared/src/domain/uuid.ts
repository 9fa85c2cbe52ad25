/**
 * A UUID in its canonical text form, as PostgreSQL accepts it for a `uuid` column: anything else reaching a
 * query would be a database error (500) instead of the client's mistake.
 */
export function isUuid(value: unknown): value is string {
  return (
    typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
  );
}
