import { z } from 'zod';

/**
 * One route of the API: the schemas of its path parameters, query, JSON body and success answer. The server
 * declares its route with these same schemas (and so documents them at /api/docs); the web types its call
 * from them.
 */
export type Endpoint = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
};
/** Routes keyed by "METHOD /address" under /api, with `:name` for a path parameter. */
export type EndpointTable = Record<`${'GET' | 'POST' | 'PATCH' | 'DELETE'} /${string}`, Endpoint>;

// The one error shape of the API: every 4xx/5xx answers with it.
export const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const helloQuerySchema = z.object({
  name: z.string().trim().max(100).optional(),
});
export const helloResponseSchema = z.object({ message: z.string() });

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('up'),
  /** The connection that carries live events between instances (always up on the embedded database). */
  bus: z.literal('up'),
  uptimeSeconds: z.number(),
});

/** Health while a part is down: the error shape, and which part. */
export const healthDownSchema = errorSchema.extend({
  database: z.enum(['up', 'down']),
  bus: z.enum(['up', 'down']),
});

export const appConfigSchema = z.object({
  environment: z.enum(['development', 'production']),
  version: z.string(),
});

/** The system routes, by method and address under /api. */
export const systemEndpoints = {
  'GET /app-config': { response: appConfigSchema },
  'GET /hello': { query: helloQuerySchema, response: helloResponseSchema },
  'GET /health': { response: healthResponseSchema },
} as const satisfies EndpointTable;
