import { AUTH_MESSAGES } from '@lokal/shared/constants/auth';
import { ONBOARDING_MESSAGES } from '@lokal/shared/constants/onboarding';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error the API answers with its own status, message and code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

// The product's own messages (docs/product.md#messages) reach the user verbatim; others name their field.
const SPEC_MESSAGES = new Set<string>(
  [...Object.values(AUTH_MESSAGES), ...Object.values(ONBOARDING_MESSAGES)].filter(
    (m) => typeof m === 'string',
  ),
);

// One error shape for every failure: { message, code }.
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).headers(err.headers).send({ message: err.message, code: err.code });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where =
        first?.instancePath && !SPEC_MESSAGES.has(first.message ?? '')
          ? ` (${err.validationContext}${first.instancePath.replaceAll('/', '.')})`
          : '';
      return reply
        .status(400)
        .send({ message: `${first?.message ?? 'Invalid request'}${where}`, code: 'validation-error' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(status).send({ message: 'Internal server error', code: 'internal-error' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type …) keep their text.
    return reply.status(status).send({
      message: err.message,
      code: (err.code ?? 'bad-request')
        .toLowerCase()
        .replace(/^fst_err_/, '')
        .replaceAll('_', '-'),
    });
  });
}
