import { z } from 'zod';
import type { EndpointTable } from './common.ts';

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  /** Where the previous page ended (its nextCursor). */
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  /** All of the user's unread notifications, whichever page this is. */
  unread: z.number(),
  /** The next page's cursor (older notifications); null on the last page. */
  nextCursor: z.string().nullable(),
});

export const markNotificationsSchema = z.object({ ids: z.array(z.uuid()).max(100).optional() }).strict();
/** What is still unread after marking. */
export const markNotificationsResponseSchema = z.object({ unread: z.number() });

/** The notification routes, by method and address under /api. */
export const notificationsEndpoints = {
  'GET /notifications': { query: notificationListQuerySchema, response: notificationListSchema },
  'POST /notifications/read': { body: markNotificationsSchema, response: markNotificationsResponseSchema },
} as const satisfies EndpointTable;
