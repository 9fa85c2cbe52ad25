import type { ServerFrame } from '@lokal/shared/schemas/chat';
import type { FastifyBaseLogger, FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../plugins/mail.ts';
import type { HitCounter } from '../plugins/rate-limit.ts';
import type { Hub, Listen } from '../plugins/realtime.ts';
import type { SmsSender } from '../plugins/sms.ts';
import type { FileStore } from '../plugins/storage.ts';
import type { Outbox } from './outbox/service.ts';

/** What every module builds its repositories and services from; buildApp makes one per app. */
export type AppContext = {
  db: Db;
  /** PGlite: one process owns the database, so some counts and caches may live in memory. */
  inProcessDb: boolean;
  config: Config;
  /** The clock, in milliseconds (tests move it). */
  now: () => number;
  /** Writes a mail to the outbox and kicks the worker: no request waits on a mail server (decision 085). */
  mailer: Mailer;
  /** The outbox itself, for mail written inside a transaction and the staff console. */
  outbox: Outbox;
  sms: SmsSender;
  log: FastifyBaseLogger;
  /** The live sockets of this instance, fed by the bus that joins the instances. */
  hub: Hub;
  /** Pushes a frame to these users' open sockets, on every server instance. */
  publish: (to: string[], frame: ServerFrame) => Promise<void>;
  /** Uploaded pictures and identity documents, where every instance reads them (decision 041). */
  files: FileStore;
  /** Counts rate-limit hits shared by every instance (the database's table). */
  countHit: HitCounter;
  /**
   * Hears a channel of the database's notifications, from every instance's writes (LISTEN on PostgreSQL, in
   * process on PGlite); null when nothing carries them here (a test's own bus on PostgreSQL). `missed` is
   * called when the connection that hears them came back after a drop.
   */
  listen: Listen | null;
};

/** A module: a plugin registered with its prefix, given the app's context. */
export type ModulePlugin = FastifyPluginAsync<{ ctx: AppContext }, RawServerDefault, ZodTypeProvider>;

/**
 * An accessor for the one instance per app of a service other modules use too (so its state, such as a
 * cache, is shared): the module that owns the service exports it, built on this.
 */
export function perApp<T>(make: (ctx: AppContext) => T): (ctx: AppContext) => T {
  const made = new WeakMap<AppContext, T>();
  return (ctx) => {
    if (!made.has(ctx)) made.set(ctx, make(ctx));
    return made.get(ctx) as T;
  };
}
