import { z } from 'zod';
import type { EndpointTable } from './common.ts';

export const avatarParamsSchema = z.object({
  file: z.string().regex(/^[a-z0-9-]{1,80}\.svg$/, 'Expected a name like sofia.svg'),
});
export const avatarQuerySchema = z.object({ style: z.enum(['feminine', 'masculine']).optional() });
/** The SVG document itself, not JSON. */
export const avatarResponseSchema = z.string();

/** The generated portraits, by method and address under /api. */
export const mediaEndpoints = {
  'GET /avatars/:file': {
    params: avatarParamsSchema,
    query: avatarQuerySchema,
    response: avatarResponseSchema,
  },
} as const satisfies EndpointTable;
