import type { FastifyReply } from 'fastify';

/**
 * An answer already written as JSON text, in the shape of its route's response schema: sent as it is, not
 * encoded again (decision 065). For pages whose rows the database writes in the API's own shape; the code that
 * builds one is held to the schema by a test that compares it with the encoded answer.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** Sends a JsonText as the route's JSON answer (Fastify sends a string with a JSON type untouched). */
export function sendJsonText(reply: FastifyReply, answer: JsonText): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(answer.text);
}
