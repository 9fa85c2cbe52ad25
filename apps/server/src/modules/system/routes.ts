import { APP_VERSION } from '@lokal/shared/constants/marketing';
import {
  appConfigSchema,
  errorSchema,
  healthDownSchema,
  healthResponseSchema,
  helloQuerySchema,
  helloResponseSchema,
} from '@lokal/shared/schemas/common';
import type { ModulePlugin } from '../context.ts';
import { createSystemRepository } from './repository.ts';

export const systemModule: ModulePlugin = async (app, { ctx }) => {
  const repo = createSystemRepository(ctx.db);
  const { production } = ctx.config;
  // One database check answers every health request of the same moment (a load balancer, or many, may ask
  // often): a check that is running or ended less than 250 ms ago is shared. A check without an answer in
  // 1.5 s counts as down, so health answers within 2 s whatever the network does.
  let check: { at: number; up: Promise<boolean> } | null = null;
  const databaseUp = () => {
    const at = performance.now();
    if (!check || at - check.at > 250) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), 1_500);
      });
      check = { at, up: Promise.race([repo.ping(), late]).finally(() => clearTimeout(timer)) };
    }
    return check.up;
  };

  app.get(
    '/app-config',
    {
      schema: {
        tags: ['system'],
        summary: 'What the web app needs to know about this server',
        response: { 200: appConfigSchema },
      },
    },
    async () => ({
      environment: production ? ('production' as const) : ('development' as const),
      version: APP_VERSION,
    }),
  );

  app.get(
    '/hello',
    {
      schema: {
        tags: ['system'],
        summary: 'Greets the caller',
        querystring: helloQuerySchema,
        response: { 200: helloResponseSchema, 400: errorSchema },
      },
    },
    async (request) => ({ message: `Hello, ${request.query.name || 'World'}!` }),
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Answers 200 only when the database and the bus between instances answer',
        response: { 200: healthResponseSchema, 503: healthDownSchema },
      },
    },
    async (_request, reply) => {
      const database = (await databaseUp()) ? ('up' as const) : ('down' as const);
      const bus = ctx.hub.healthy() ? ('up' as const) : ('down' as const);
      if (database === 'down') {
        return reply
          .status(503)
          .send({ message: 'Database unavailable', code: 'database-unavailable', database, bus });
      }
      if (bus === 'down') {
        return reply.status(503).send({ message: 'Bus unavailable', code: 'bus-unavailable', database, bus });
      }
      return { status: 'ok' as const, database, bus, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
};
