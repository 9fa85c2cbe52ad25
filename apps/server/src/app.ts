import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { createAuthRepository } from './modules/auth/repository.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { avatarRoutes } from './modules/avatars/routes.ts';
import { createChatRepository } from './modules/chat/repository.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { createChatService } from './modules/chat/service.ts';
import { chatSocketRoute, MAX_FRAME_BYTES } from './modules/chat/ws.ts';
import { createDiscoveryRepository } from './modules/discovery/repository.ts';
import { discoveryRoutes } from './modules/discovery/routes.ts';
import { createDiscoveryService } from './modules/discovery/service.ts';
import { createFavoritesRepository } from './modules/favorites/repository.ts';
import { favoritesRoutes } from './modules/favorites/routes.ts';
import { createLocaleRepository } from './modules/locale/repository.ts';
import { localeRoutes } from './modules/locale/routes.ts';
import { createLocaleService } from './modules/locale/service.ts';
import { createOnboardingRepository } from './modules/onboarding/repository.ts';
import { onboardingRoutes } from './modules/onboarding/routes.ts';
import { createOnboardingService } from './modules/onboarding/service.ts';
import { createPhoneRepository } from './modules/phone/repository.ts';
import { phoneRoutes } from './modules/phone/routes.ts';
import { createPhoneService } from './modules/phone/service.ts';
import { createProfilesRepository } from './modules/profiles/repository.ts';
import { profilesRoutes } from './modules/profiles/routes.ts';
import { createProfilesService } from './modules/profiles/service.ts';
import { createShowcaseRepository } from './modules/showcase/repository.ts';
import { showcaseRoutes } from './modules/showcase/routes.ts';
import { createShowcaseService } from './modules/showcase/service.ts';
import { createSystemRepository } from './modules/system/repository.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { createMailer, type Mailer } from './plugins/mail.ts';
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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const database = options.database ?? (await openDatabase(config.databaseUrl, config.dataDir));
  if (!options.database) app.addHook('onClose', () => database.close());
  if (options.seed) await seedDemoData(database.db);

  const now = options.now ?? Date.now;
  const authRepo = createAuthRepository(database.db);
  const auth = createAuthService({
    repo: authRepo,
    config,
    mailer: options.mailer ?? createMailer(config, app.log),
    now,
  });
  await auth.syncInvites();

  await registerSecurity(app, config);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(multipart);
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  // Several instances on one PostgreSQL hear each other through LISTEN/NOTIFY; PGlite is one process.
  const bus = options.bus ?? (database.url ? await createPgBus(database.url, app.log) : createLocalBus());
  if (!options.bus) app.addHook('onClose', () => bus.close());
  const hub = createHub(bus);
  registerSessions(app, config, (hash) => auth.lookUpSession(hash));
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lokal API', version: '1.0.0', description: 'Find, chat with and book local guides.' },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'lokal_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

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
  const discovery = createDiscoveryService({ repo: createDiscoveryRepository(database.db), now });
  discoveryRoutes(app, discovery);
  const chat = createChatService({
    repo: createChatRepository(database.db),
    discovery,
    now,
    countHit: (key, start) => authRepo.countHit(key, start),
    rateLimitScale: config.rateLimitScale,
    publish: (to, frame) => hub.publish(to, frame),
  });
  chatRoutes(app, chat);
  chatSocketRoute(app, chat, hub, config);
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
  showcaseRoutes(app, createShowcaseService(createShowcaseRepository(database.db)));
  avatarRoutes(app);

  await registerWebApp(app, config.webDist);
  return app;
}
