import { z } from 'zod';

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
  uptimeSeconds: z.number(),
});

export const appConfigSchema = z.object({
  environment: z.enum(['development', 'production']),
  version: z.string(),
});
