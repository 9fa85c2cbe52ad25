import type http from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyHttpOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { createAdminRepository } from './modules/admin/repository.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { createAdminService } from './modules/admin/service.ts';
import { createAuthRepository } from './modules/auth/repository.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { avatarRoutes } from './modules/avatars/routes.ts';
import { createBookingsRepository } from './modules/bookings/repository.ts';
import { bookingsRoutes } from './modules/bookings/routes.ts';
import { createBookingsService } from './modules/bookings/service.ts';
import { createChatRepository } from './modules/chat/repository.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { createChatService, toMessage } from './modules/chat/service.ts';
import { chatSocketRoute, MAX_FRAME_BYTES } from './modules/chat/ws.ts';
import { createDiscoveryRepository } from './modules/discovery/repository.ts';
import { discoveryRoutes } from './modules/discovery/routes.ts';
import { createDiscoveryService } from './modules/discovery/service.ts';
import { createFavoritesRepository } from './modules/favorites/repository.ts';
import { favoritesRoutes } from './modules/favorites/routes.ts';
import { createLocaleRepository } from './modules/locale/repository.ts';
import { localeRoutes } from './modules/locale/routes.ts';
import { createLocaleService } from './modules/locale/service.ts';
import { createNotificationsRepository } from './modules/notifications/repository.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { createNotificationsService } from './modules/notifications/service.ts';
import { createOnboardingRepository } from './modules/onboarding/repository.ts';
import { onboardingRoutes } from './modules/onboarding/routes.ts';
import { createOnboardingService } from './modules/onboarding/service.ts';
import { createPhoneRepository } from './modules/phone/repository.ts';
import { phoneRoutes } from './modules/phone/routes.ts';
import { createPhoneService } from './modules/phone/service.ts';
import { createProfilesRepository } from './modules/profiles/repository.ts';
import { profilesRoutes } from './modules/profiles/routes.ts';
import { createProfilesService } from './modules/profiles/service.ts';
import { createReviewsRepository } from './modules/reviews/repository.ts';
import { reviewsRoutes } from './modules/reviews/routes.ts';
import { createReviewsService } from './modules/reviews/service.ts';
import { createSettingsRepository } from './modules/settings/repository.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { createShowcaseRepository } from './modules/showcase/repository.ts';
import { showcaseRoutes } from './modules/showcase/routes.ts';
import { createShowcaseService } from './modules/showcase/service.ts';
import { createSystemRepository } from './modules/system/repository.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input.ts';
import { createMailer, type Mailer } from './plugins/mail.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createMemoryHitCounter } from './plugins/rate-limit.ts';
import { type Bus, createHub, createLocalBus, createPgBus } from './plugins/realtime.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSessions } from './plugins/sessions.ts';
import { createSmsSender, type SmsSender } from './plugins/sms.ts';
import { registerWebApp } from './plugins/web-app.ts';

export type BuildOptions = {
  /** Use this database instead of opening the one DATABASE_URL names (tests share one). */
  database?: Database;
  /** Seed the demo guides and tourists (idempotent). */
  seed?: boolean;
  logger?: boolean;
  /** The clock, in milliseconds; tests move it to expire tokens. */
  now?: () => number;
  /** Share one realtime bus between apps in one process (tests of several instances on PGlite). */
  bus?: Bus;
  /** Replace the mail transport (SMTP or outbox) with another. */
  mailer?: Mailer;
  sms?: SmsSender;
};

export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    // With a certificate: HTTP/2 over TLS (one connection carries every script of a page), HTTP/1.1 for the
    // WebSocket upgrade and older clients. Typed as the HTTP/1 server: the handlers use nothing that differs.
    ...(config.tls ? { http2: true, https: { ...config.tls, allowHTTP1: true } } : {}),
  } as FastifyHttpOptions<http.Server>).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);

  const database = options.database ?? (await openDatabase(config.databaseUrl, config.dataDir));
  if (!options.database) app.addHook('onClose', () => database.close());
  // The demo's past activity is placed relative to the app's clock (tests move it).
  if (options.seed) await seedDemoData(database.db, (options.now ?? Date.now)());

  const now = options.now ?? Date.now;
  const authRepo = createAuthRepository(database.db);
  // One mail transport for sign-in links, booking updates and staff messages.
  const mailer = options.mailer ?? createMailer(config, app.log);
  const auth = createAuthService({
    repo: authRepo,
    config,
    mailer,
    now,
  });
  await auth.syncInvites();

  await registerSecurity(app, config);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(multipart);
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
  // Several instances on one PostgreSQL hear each other through LISTEN/NOTIFY; PGlite is one process.
  const chatRepo = createChatRepository(database.db);
  const bus =
    options.bus ??
    (database.url
      ? await createPgBus(database.url, app.log, async (id) => {
          const [m] = await chatRepo.messagesByIds([id]);
          return m ? toMessage(m) : null;
        })
      : createLocalBus());
  if (!options.bus) app.addHook('onClose', () => bus.close());
  const hub = createHub(bus);
  registerSessions(app, config, (hash) => auth.lookUpSession(hash));
  await registerOpenApi(app, config.publicUrl);

  systemRoutes(app, createSystemRepository(database.db), config.production);
  authRoutes(app, auth, config);
  const phone = createPhoneService({
    repo: createPhoneRepository(database.db),
    sms: options.sms ?? createSmsSender(config, app.log),
    config,
    now,
    countHit: (key, start) => authRepo.countHit(key, start),
  });
  phoneRoutes(app, phone);
  onboardingRoutes(app, createOnboardingService({ repo: createOnboardingRepository(database.db), phone }));
  // Reviews and discovery lean on each other: the tourist-profile rule lives in discovery, publishing in reviews.
  const reviews = createReviewsService({
    repo: createReviewsRepository(database.db),
    now,
    assertMayViewTourist: async (viewer, touristId) => {
      await discovery.touristProfile(touristId, viewer);
    },
  });
  const discovery = createDiscoveryService({
    repo: createDiscoveryRepository(database.db),
    now,
    searchCacheMs: config.searchCacheMs,
    responseRate: (guideId) => chatRepo.responseRate(guideId),
    publishDueReviews: (subjectIds) => reviews.publishDue(subjectIds),
  });
  discoveryRoutes(app, discovery);
  reviewsRoutes(app, reviews);
  // Reviews whose 14 days ended are published (and ratings refreshed) each minute; reads also sweep their own.
  const reviewSweeper = setInterval(() => {
    reviews.publishDue().catch((err) => app.log.error({ err }, 'review publishing failed'));
  }, 60_000);
  reviewSweeper.unref();
  app.addHook('onClose', async () => clearInterval(reviewSweeper));
  const chat = createChatService({
    repo: chatRepo,
    discovery,
    now,
    // PGlite is one process: its send limit is counted in memory, sparing a write per message.
    countHit:
      database.kind === 'pglite' ? createMemoryHitCounter() : (key, start) => authRepo.countHit(key, start),
    rateLimitScale: config.rateLimitScale,
    publish: (to, frame) => hub.publish(to, frame),
    cacheSendContext: database.kind === 'pglite',
  });
  chatRoutes(app, chat);
  chatSocketRoute(app, chat, hub, config);
  const notifications = createNotificationsService({
    repo: createNotificationsRepository(database.db),
    mailer,
    publicUrl: config.publicUrl,
    now,
    log: app.log,
    publish: (to, frame) => hub.publish(to, frame),
  });
  notificationsRoutes(app, notifications);
  const bookings = createBookingsService({
    repo: createBookingsRepository(database.db),
    chat,
    notifications,
    now,
    countHit: (key, start) => authRepo.countHit(key, start),
    rateLimitScale: config.rateLimitScale,
    log: app.log,
    publish: (to, frame) => hub.publish(to, frame),
  });
  bookingsRoutes(app, bookings);
  // Bookings end and requests go stale with time: every instance sweeps each minute (rows are claimed atomically).
  const sweeper = setInterval(() => {
    bookings.sweep().catch((err) => app.log.error({ err }, 'booking sweep failed'));
  }, 60_000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  favoritesRoutes(app, createFavoritesRepository(database.db));
  const uploadsDir = path.join(config.dataDir, 'uploads');
  profilesRoutes(
    app,
    createProfilesService({ repo: createProfilesRepository(database.db), uploadsDir }),
    uploadsDir,
  );
  localeRoutes(
    app,
    createLocaleService({
      repo: createLocaleRepository(database.db),
      ratesUrl: config.exchangeRatesUrl,
      now,
      log: app.log,
    }),
  );
  settingsRoutes(app, createSettingsService(createSettingsRepository(database.db)));
  showcaseRoutes(app, createShowcaseService(createShowcaseRepository(database.db)));
  adminRoutes(
    app,
    createAdminService({
      repo: createAdminRepository(database.db),
      mailer,
      config,
      now,
      log: app.log,
      publish: (to, frame) => hub.publish(to, frame),
    }),
  );
  avatarRoutes(app);

  await registerWebApp(app, config.webDist);
  return app;
}
