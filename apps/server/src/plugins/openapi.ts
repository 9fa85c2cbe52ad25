import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@lokal/shared/constants/marketing';
import { errorSchema } from '@lokal/shared/schemas/common';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../types.ts';

/** Where the session travels: the browser's cookie, or a bearer token for API clients. */
const SIGNED_IN: Record<string, string[]>[] = [{ cookie: [] }, { bearer: [] }];

/**
 * A stable operationId from the method and path, e.g. `GET /api/chat/conversations/:id/messages` →
 * `getChatConversationsByIdMessages`: client generators name their functions after it.
 */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split('-'));
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * Every route's zod schemas become its OpenAPI operation. A route in a requireSession scope declares the
 * session schemes; one whose `config.session` is 'optional' declares them beside none (`{}`); every other
 * route declares that it needs none.
 */
const transform: SwaggerTransform = (input) => {
  const declared = (input.schema as { response?: Record<string, unknown> }).response ?? {};
  // Every route can answer 400 (the input guard refuses a NUL character anywhere in the request).
  const response = Object.keys(declared).some((status) => status.startsWith('4'))
    ? declared
    : { ...declared, 400: errorSchema };
  const { schema, url } = jsonSchemaTransform({
    ...input,
    schema: { ...input.schema, response },
  } as Parameters<typeof jsonSchemaTransform>[0]);
  const method = [input.route.method].flat()[0] ?? 'GET';
  const session = input.route.config?.session;
  const security = session === 'required' ? SIGNED_IN : session === 'optional' ? [{}, ...SIGNED_IN] : [];
  return {
    url,
    schema: {
      ...schema,
      operationId: operationId(method, input.url),
      security,
    } as FastifySchema,
  };
};

/** The OpenAPI document at /api/docs/json and its reference page at /api/docs, generated from the routes. */
export async function registerOpenApi(app: App, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lokal API',
        version: APP_VERSION,
        description: 'Find, chat with and book local guides.',
        // Lokal's own code and service: the terms are the product's, on its site.
        license: { name: 'Proprietary', url: `${publicUrl}/` },
      },
      // Relative: the document describes the server that serves it, wherever that is deployed.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'lokal_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
