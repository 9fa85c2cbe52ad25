import { ADMIN_PAGE_SIZE } from '@lokal/shared/constants/admin';
import { errorSchema } from '@lokal/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
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

export const pageOf = (page: number) => ({ limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
export const paging = (page: number) => ({ page, pageSize: ADMIN_PAGE_SIZE });

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
