import { HttpError } from '../plugins/errors.ts';

/**
 * Keyset cursors of the lists (decision 039): the last row's sort keys as base64url JSON. A cursor that does
 * not decode, or whose keys are not what the list sorts by, is the client's mistake: 400, never a 500 from
 * PostgreSQL casting it.
 */
/**
 * Where a page sorted by (time, id) ends: its last row's time as PostgreSQL writes it as text (microseconds
 * kept) and its id. Most lists page by these two keys.
 */
export type AtCursor = { at: string; id: string };

export function encodeCursor(keys: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

export function decodeCursor<T>(
  raw: string | undefined,
  read: (c: Record<string, unknown>) => T | null,
): T | null {
  if (!raw) return null;
  let out: T | null = null;
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (c && typeof c === 'object') out = read(c);
  } catch {
    out = null;
  }
  if (out === null) {
    throw new HttpError(400, 'This page link is no longer valid. Please reload the list.', 'invalid-cursor');
  }
  return out;
}

const PG_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;

/** A timestamptz as PostgreSQL writes it as text (microseconds kept), with a real calendar date and time. */
export function isPgTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = PG_TIMESTAMP.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return (
    day.getUTCFullYear() === y &&
    day.getUTCMonth() === mo - 1 &&
    day.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60
  );
}
