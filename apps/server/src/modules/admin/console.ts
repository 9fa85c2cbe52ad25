import { isUuid } from '@lokal/shared/domain/uuid';
import { errorSchema } from '@lokal/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import { type AtCursor, decodeCursor, encodeCursor, isPgTimestamp } from '../cursor.ts';
import type { Actor } from './audit/repository.ts';

// What every area of the staff console shares: the routes' error answers and tags, paging, dates.

export const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
export const tags = ['admin'];
export const security: { [label: string]: string[] }[] = [{ cookie: [] }, { bearer: [] }];

/** The staff member behind a console request (the console's scope lets only staff in). */
export const actorOf = (request: FastifyRequest): Actor => ({
  id: request.user.id,
  email: request.user.email,
});

/** A page request of a console list: where the last page ended, and how many rows. */
export type PageQuery = { cursor?: string; limit: number };

/** The console lists' cursor type, where the console's repositories find it. */
export type { AtCursor };

/**
 * The keys most console lists page by (decision 043): a timestamp and a uuid. `more` names further keys a
 * list's cursor must carry, each checked by its own test.
 */
export function readAtCursor(
  raw: string | undefined,
  more: Record<string, (v: unknown) => boolean> = {},
): AtCursor | null {
  return decodeCursor(raw, (c) =>
    isPgTimestamp(c.at) && isUuid(c.id) && Object.entries(more).every(([k, ok]) => ok(c[k]))
      ? { at: c.at, id: c.id as string }
      : null,
  );
}

/**
 * The page out of `limit + 1` rows read, and the cursor after its last row when there is more: the extra
 * row only says that a next page exists.
 */
export function pageOut<T>(rows: T[], limit: number, keys: (last: T) => Record<string, unknown>) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(keys(last)) : null };
}

export async function total(query: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

/** `ilike` matches a literal substring: the user's % and _ are not wildcards. */
export function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const iso = (d: Date | string) => new Date(d).toISOString();
export const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);
