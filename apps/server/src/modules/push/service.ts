import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PushSubscribe } from '@lokal/shared/schemas/push';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { type AppContext, perApp } from '../context.ts';
import { createPushRepository, type PushMessageRow } from './repository.ts';

/** A push a member did not see within a day is no use (the push service may drop it then). */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

/**
 * In production Lokal only sends to the browsers' push services, never to an address a client names (it
 * would make the server post into its own network). Elsewhere any http(s) endpoint (a test's push service).
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

export function isPushServiceEndpoint(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (!production) return url.protocol === 'https:' || url.protocol === 'http:';
  return (
    url.protocol === 'https:' &&
    PUSH_SERVICE_HOSTS.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`))
  );
}

/** The VAPID keys: from the configuration, else generated once into `$DATA_DIR/vapid.json` (decision 098). */
export function vapidKeys(config: Config): { publicKey: string; privateKey: string } {
  if (config.vapid) return config.vapid;
  const file = path.join(config.dataDir, 'vapid.json');
  if (existsSync(file)) {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    if (keys.publicKey && keys.privateKey) return keys;
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  // wx: a second instance starting at the same moment keeps the first one's pair.
  try {
    writeFileSync(file, JSON.stringify(keys), { flag: 'wx', mode: 0o600 });
  } catch {
    return JSON.parse(readFileSync(file, 'utf8'));
  }
  return keys;
}

/**
 * Web Push (decision 098): subscriptions per member and device, and a worker that sends the pushes written
 * to `push_messages` once due — at once, or after the member's quiet hours — to every device of the member.
 * A push service's 404 or 410 ends that subscription. A push is tried once: a failed one is logged, not
 * retried (the same news is in the app and, when chosen, in the e-mail).
 */
export function createPush(deps: { db: Db; config: Config; now: () => number; log: FastifyBaseLogger }) {
  const { config, now, log } = deps;
  const repo = createPushRepository(deps.db);
  const keys = vapidKeys(config);
  const vapidDetails = { subject: config.vapidSubject, ...keys };
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function deliver(row: PushMessageRow): Promise<void> {
    // A reminder whose booking has moved on (cancelled, say) while it waited is dropped.
    if (row.bookingId && row.whileStatus && (await repo.bookingStatus(row.bookingId)) !== row.whileStatus) {
      await repo.done(row.id);
      return;
    }
    const devices = await repo.subscriptionsOf(row.userId);
    const body = JSON.stringify(row.payload);
    await Promise.all(
      devices.map(async (d) => {
        try {
          await webpush.sendNotification(
            { endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } },
            body,
            {
              vapidDetails,
              TTL: TTL_SECONDS,
              timeout: TIMEOUT_MS,
            },
          );
        } catch (err) {
          const status = (err as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            log.info({ subscription: d.id }, 'push subscription ended; removed');
            await repo.deleteEndpoint(d.endpoint);
          } else {
            log.warn({ err, subscription: d.id, status }, 'push failed');
          }
        }
      }),
    );
    await repo.done(row.id);
  }

  async function work(): Promise<void> {
    do {
      again = false;
      for (;;) {
        const t = now();
        const rows = await repo.claim(new Date(t), new Date(t + LEASE_MS), BATCH);
        if (rows.length === 0) break;
        await Promise.all(
          rows.map((r) => deliver(r).catch((err) => log.error({ err, push: r.id }, 'push delivery failed'))),
        );
        if (closed) return;
      }
    } while (again && !closed);
  }

  function kick(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = work()
      .catch((err) => log.error({ err }, 'push worker failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    publicKey: () => keys.publicKey,

    /** This device now receives the member's pushes; its time zone becomes the member's (quiet hours). */
    async subscribe(userId: string, body: PushSubscribe, setTimeZone: (zone: string) => Promise<void>) {
      if (!isPushServiceEndpoint(body.endpoint, config.production)) {
        throw new HttpError(400, 'This push service is not supported', 'push-endpoint-refused');
      }
      await repo.upsertSubscription({
        userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        at: new Date(now()),
      });
      if (body.timeZone) await setTimeZone(body.timeZone);
      return { subscribed: true };
    },

    async unsubscribe(userId: string, endpoint: string) {
      await repo.deleteSubscription(userId, endpoint);
      return { subscribed: false };
    },

    /** Sends what is due now (after a commit that wrote pushes; the push-sweep job for held ones). */
    kick: () => void kick(),
    /** Resolves once nothing due is left that this instance can claim (tests wait on it). */
    drain: () => kick(),
    waiting: () => repo.waiting(),
    async close() {
      closed = true;
      await running;
    },
  };
}

export type Push = ReturnType<typeof createPush>;

/** The one push sender of this app. */
export const pushOf = perApp((ctx: AppContext) =>
  createPush({ db: ctx.db, config: ctx.config, now: ctx.now, log: ctx.log }),
);
