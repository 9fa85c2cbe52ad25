import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Fastify's own way to encode an answer: fast-json-stringify compiled from the route's response schema, the
 * zod schema's JSON Schema as the OpenAPI document shows it. A response schema JSON Schema cannot say (a
 * transform) fails here when the route is registered, not when it answers. docs/decisions/081-answers-shaped-once.md
 */
export function responseSerializer(route: { schema: unknown }): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(route.schema as z.ZodType, {
    target: 'draft-7',
    io: 'output',
    // Keys a schema does not name are left out, as zod's encoder strips them, not refused: a value is matched
    // against each branch of a union (a nullable object) before it is written.
    override: ({ jsonSchema }) => {
      if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
    },
  });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}
