import { z } from 'zod';
import type { EndpointTable } from './common.ts';
import { timeZoneSchema } from './settings.ts';

/** base64url without padding: what PushSubscription.toJSON() gives for its keys. */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `${what} must be base64url`)
    .refine((v) => Math.floor((v.length * 3) / 4) === bytes, `${what} must be ${bytes} bytes`);

/** The VAPID public key the browser subscribes with (base64url, an uncompressed P-256 point). */
export const pushKeySchema = z.object({ publicKey: z.string() });

/**
 * A browser's subscription as `PushSubscription.toJSON()` gives it, and the device's time zone (for quiet
 * hours). The server decides which push services it sends to (docs/product.md#notifications).
 */
export const pushSubscribeSchema = z
  .object({
    endpoint: z
      .url({ protocol: /^https?$/, message: 'The push endpoint must be an https address' })
      .max(1000),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url(65, 'p256dh'), auth: base64url(16, 'auth') }).strict(),
    timeZone: timeZoneSchema.optional(),
  })
  .strict();
export type PushSubscribe = z.infer<typeof pushSubscribeSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(1000) }).strict();

/** Whether this device (endpoint) now receives the member's pushes. */
export const pushSubscriptionStateSchema = z.object({ subscribed: z.boolean() });

/** What the service worker receives in a push (encrypted, RFC 8291) and shows. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page a tap opens: the booking's screen or the conversation. */
  url: z.string(),
  tag: z.string(),
});

/** The Web Push routes, by method and address under /api. */
export const pushEndpoints = {
  'GET /push/key': { response: pushKeySchema },
  'POST /push/subscriptions': { body: pushSubscribeSchema, response: pushSubscriptionStateSchema },
  'POST /push/unsubscribe': { body: pushUnsubscribeSchema, response: pushSubscriptionStateSchema },
} as const satisfies EndpointTable;
