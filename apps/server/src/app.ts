import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
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
import { avatarRoutes } from './modules/avatars/routes.ts';
import { createShowcaseRepository } from './modules/showcase/repository.ts';
import { showcaseRoutes } from './modules/showcase/routes.ts';
import { createShowcaseService } from './modules/showcase/service.ts';
import { createSystemRepository } from './modules/system/repository.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWebApp } from './plugins/web-app.ts';

export type BuildOptions = {
  /** Use this database instead of opening the one DATABASE_URL names (tests share one). */
  database?: Database;
  /** Seed the demo guides and tourists (idempotent). */
  seed?: boolean;
  logger?: boolean;
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

  await registerSecurity(app, config);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lokal API', version: '1.0.0', description: 'Find, chat with and book local guides.' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  systemRoutes(app, createSystemRepository(database.db));
  showcaseRoutes(app, createShowcaseService(createShowcaseRepository(database.db)));
  avatarRoutes(app);

  await registerWebApp(app, config.webDist);
  return app;
}
