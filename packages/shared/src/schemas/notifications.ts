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

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number(),
});

export const markNotificationsSchema = z.object({ ids: z.array(z.uuid()).max(100).optional() }).strict();
/** What is still unread after marking. */
export const markNotificationsResponseSchema = z.object({ unread: z.number() });

/** The notification routes, by method and address under /api. */
export const notificationsEndpoints = {
  'GET /notifications': { response: notificationListSchema },
  'POST /notifications/read': { body: markNotificationsSchema, response: markNotificationsResponseSchema },
} as const satisfies EndpointTable;
