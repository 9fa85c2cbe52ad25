import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/**
 * zod's encode in one pass: `skipChecks` is zod's own switch (internal, read by every schema's run) that leaves
 * out the refinements of the output's fields (lengths, formats) but keeps everything that shapes the answer:
 * each value's type, codecs (a Date becomes its ISO string), and only the keys a schema names (a column a
 * route did not mean to send never leaves). Without it an encode parses every schema with a check twice, once
 * without its checks and once with them: up to a sixth of a list's CPU (decision 063). The checks guard what
 * comes in; what goes out is the server's own data, written by code the route schemas were made for.
 */
const ENCODE = { skipChecks: true } as Parameters<typeof safeEncode>[2];

/** The serializer of every route with a zod response schema, as fastify-type-provider-zod's, in one pass. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zod = resolveSchema(schema);
  return (data) => {
    const result = safeEncode(zod, data, ENCODE);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/** A route's response schema: a zod schema, or one under `properties` (as fastify-type-provider-zod takes it). */
function resolveSchema(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof $ZodType) return inner;
  throw new Error(`not a zod response schema: ${JSON.stringify(schema)}`);
}
