import type http from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyHttpOptions, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { seedDemoData } from '../seed/seed.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { appJobs } from './jobs/jobs.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';
import { adminModule } from './modules/admin/routes.ts';
import { createAuthRepository } from './modules/auth/repository.ts';
import { authModule } from './modules/auth/routes.ts';
import { authServiceOf, sessionAnswer } from './modules/auth/service.ts';
import { avatarsModule } from './modules/avatars/routes.ts';
import { bookingsModule } from './modules/bookings/routes.ts';
import { calendarsModule } from './modules/calendars/routes.ts';
import { chatModule } from './modules/chat/routes.ts';
import { loadChatMessage } from './modules/chat/service.ts';
import { MAX_FRAME_BYTES } from './modules/chat/ws.ts';
import type { AppContext } from './modules/context.ts';
import { createDiscoveryRepository } from './modules/discovery/repository.ts';
import { discoveryModule } from './modules/discovery/routes.ts';
import { experiencesModule } from './modules/experiences/routes.ts';
import { favoritesModule } from './modules/favorites/routes.ts';
import { renderPublicPage } from './modules/guide-pages/render.ts';
import { guidePagesModule } from './modules/guide-pages/routes.ts';
import { identityModule } from './modules/identity/routes.ts';
import { localeModule } from './modules/locale/routes.ts';
import { matchModule } from './modules/match/routes.ts';
import { notificationsModule } from './modules/notifications/routes.ts';
import { onboardingModule } from './modules/onboarding/routes.ts';
import { createOutbox, type Outbox } from './modules/outbox/service.ts';
import { phoneModule } from './modules/phone/routes.ts';
import { profilesModule } from './modules/profiles/routes.ts';
import { pushModule } from './modules/push/routes.ts';
import { type Push, pushOf } from './modules/push/service.ts';
import { reviewsModule } from './modules/reviews/routes.ts';
import { settingsModule } from './modules/settings/routes.ts';
import { showcaseModule } from './modules/showcase/routes.ts';
import { systemModule } from './modules/system/routes.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { copyLocalFiles, createFileStore } from './plugins/file-store.ts';
import { registerInputGuard } from './plugins/input.ts';
import { loggerOptions, registerRequestLog } from './plugins/log.ts';
import { createMailer, type Mailer } from './plugins/mail.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { type Bus, createHub, createLocalBus, createPgBus } from './plugins/realtime.ts';
import { responseSerializer } from './plugins/response-serializer.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSessions } from './plugins/sessions.ts';
import { createSmsSender, type SmsSender } from './plugins/sms.ts';
import { registerWebApp } from './plugins/web-app.ts';
import type { App } from './types.ts';

export type BuildOptions = {
  /** Use this database instead of opening the one DATABASE_URL names (tests share one). */
  database?: Database;
  /** Seed the demo guides and tourists (idempotent). */
  seed?: boolean;
  logger?: boolean;
  /** Where the log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** The clock, in milliseconds; tests move it to expire tokens. */
  now?: () => number;
  /** Share one realtime bus between apps in one process (tests of several instances on PGlite). */
  bus?: Bus;
  /** Replace the mail transport (SMTP or the folder) the outbox worker sends through. */
  mailer?: Mailer;
  sms?: SmsSender;
};

export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions(config.logLevel, options.logStream, !config.production),
    // One line per request instead of Fastify's two (registerRequestLog).
    logController: new LogController({ disableRequestLogging: true }),
    // Behind a proxy, the address every rate limit keys on comes from X-Forwarded-For of trusted peers only.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // With a certificate: HTTP/2 over TLS (one connection carries every script of a page), HTTP/1.1 for the
    // WebSocket upgrade and older clients. Typed as the HTTP/1 server: the handlers use nothing that differs.
    ...(config.tls ? { http2: true, https: { ...config.tls, allowHTTP1: true } } : {}),
  } as FastifyHttpOptions<http.Server>).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  registerErrorHandler(app);
  registerRequestLog(app);
  registerInputGuard(app);
  const ctx = await openContext(app, config, options);

  await registerSecurity(app, config);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(multipart);
  await registerWebSocket(app);
  registerSessions(
    app,
    config,
    (hash) => authServiceOf(ctx).lookUpSession(hash),
    (ids) => authServiceOf(ctx).forgetSessions(ids),
  );
  // A member signed out on any instance (everywhere, suspended, deleted): no instance keeps the session.
  ctx.hub.onSignedOut((ids) => authServiceOf(ctx).forgetSessions(ids));
  ctx.hub.onMissed(() => authServiceOf(ctx).forgetAllSessions());
  // Registered before the modules: the document is generated from the routes they add.
  await registerOpenApi(app, config.publicUrl);

  // Each module is a plugin with its prefix; its access rules are hooks inside it.
  await app.register(systemModule, { prefix: '/api', ctx });
  await app.register(authModule, { prefix: '/api', ctx });
  await app.register(phoneModule, { prefix: '/api/phone', ctx });
  await app.register(onboardingModule, { prefix: '/api', ctx });
  await app.register(discoveryModule, { prefix: '/api', ctx });
  await app.register(reviewsModule, { prefix: '/api', ctx });
  await app.register(chatModule, { prefix: '/api', ctx });
  await app.register(notificationsModule, { prefix: '/api/notifications', ctx });
  await app.register(pushModule, { prefix: '/api/push', ctx });
  await app.register(experiencesModule, { prefix: '/api', ctx });
  await app.register(guidePagesModule, { prefix: '/api', ctx });
  await app.register(bookingsModule, { prefix: '/api/bookings', ctx });
  await app.register(calendarsModule, { prefix: '/api', ctx });
  await app.register(favoritesModule, { prefix: '/api/favorites', ctx });
  await app.register(matchModule, { prefix: '/api', ctx });
  await app.register(profilesModule, { prefix: '/api', ctx });
  await app.register(localeModule, { prefix: '/api', ctx });
  await app.register(settingsModule, { prefix: '/api/users/settings', ctx });
  await app.register(showcaseModule, { prefix: '/api/showcase', ctx });
  await app.register(identityModule, { prefix: '/api', ctx });
  await app.register(adminModule, { prefix: '/api/admin', ctx });
  await app.register(avatarsModule, { prefix: '/api/avatars', ctx });

  await registerWebApp(app, {
    webDist: config.webDist,
    publicUrl: config.publicUrl,
    production: config.production,
    sessionAnswer,
    renderPublicPage,
  });

  // Periodic work, once across every instance (decision 040); tests run a job with app.jobs.run(name).
  const jobs = createScheduler({ db: ctx.db, now: ctx.now, log: app.log, jobs: appJobs(ctx) });
  app.decorate('jobs', jobs);
  // Tests wait for mail with app.outbox.drain() (decision 085).
  app.decorate('outbox', ctx.outbox);
  // …and for pushes with app.push.drain() (decision 098).
  app.decorate('push', pushOf(ctx));
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await ctx.outbox.close();
    await pushOf(ctx).close();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Scheduler;
    outbox: Outbox;
    push: Push;
  }
}

/** The database, the clock, mail, SMS and the realtime hub: what the modules build their services from. */
async function openContext(app: App, config: Config, options: BuildOptions): Promise<AppContext> {
  const database: Database =
    options.database ??
    (await openDatabase(config.databaseUrl, config.dataDir, (err) =>
      app.log.warn({ err }, 'a database connection was lost; the pool replaces it'),
    ));
  if (!options.database) app.addHook('onClose', () => database.close());
  const now = options.now ?? Date.now;
  const files = createFileStore(config, database);
  app.addHook('onClose', () => files.close());
  await copyLocalFiles(files, config.dataDir, app.log);
  // The demo's past activity is placed relative to the app's clock (tests move it).
  if (options.seed) {
    await seedDemoData(database.db, now(), files);
    // The top 3 is ranked from the first request, before the ranking job's first turn.
    await createDiscoveryRepository(database.db).refreshRankScores(new Date(now()));
  }
  // Several instances on one PostgreSQL hear each other through LISTEN/NOTIFY; PGlite is one process.
  const bus =
    options.bus ??
    (database.url
      ? await createPgBus(database.url, app.log, loadChatMessage(database.db))
      : createLocalBus());
  if (!options.bus) app.addHook('onClose', () => bus.close());
  const hub = createHub(bus);
  const hits = createAuthRepository(database.db);
  // Every mail goes through the outbox table; the worker sends it through this transport (decision 085).
  const outbox = createOutbox({
    db: database.db,
    transport: options.mailer ?? createMailer(config, app.log),
    now,
    log: app.log,
  });
  return {
    db: database.db,
    inProcessDb: database.kind === 'pglite',
    config,
    now,
    // Booking updates and staff messages are written to the outbox; sign-in links with their token.
    mailer: outbox,
    outbox,
    sms: options.sms ?? createSmsSender(config, app.log),
    log: app.log,
    hub,
    files,
    publish: (to, frame) => hub.publish(to, frame),
    countHit: (key, start) => hits.countHit(key, start),
    listen: database.listen ?? bus.listen ?? null,
  };
}

async function registerWebSocket(app: App) {
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // A frame the ws parser refuses (too large, bad opcode) is the client's mistake: ws has already closed
    // with 1009/1002, so it is noted, not logged as a server error.
    errorHandler(error, socket, request) {
      const clientFault = String((error as { code?: unknown }).code ?? '').startsWith('WS_ERR_');
      if (clientFault) request.log.info({ code: (error as { code?: string }).code }, error.message);
      else request.log.error({ err: error }, 'websocket failed');
      socket.terminate();
    },
  });
}
