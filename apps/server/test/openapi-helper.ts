import type { App } from './actors-helper.ts';

// The API's routes as its OpenAPI document lists them, and as Fastify actually registered them.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  nullable?: boolean;
};

export type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};

export type Operation = {
  /** "METHOD /path" with OpenAPI's {param} syntax, e.g. "GET /api/bookings/{id}". */
  key: string;
  method: string;
  path: string;
  params: Parameter[];
  /** The JSON body's schema, when the route takes one. */
  body: JsonSchema | null;
  /** Media types of the request body other than JSON (multipart uploads). */
  consumes: string[];
  /** The operation names a session scheme (cookie or bearer) as its security, required or optional. */
  signedIn: boolean;
  /** Declares the session schemes beside none (`{}`): the route serves everyone and reads a session if sent. */
  sessionOptional: boolean;
};

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        security?: Record<string, string[]>[];
      }
    >
  >;
};

export async function readOpenApi(app: App): Promise<Operation[]> {
  const res = await app.inject({ url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`the OpenAPI document answered ${res.statusCode}`);
  const doc = res.json() as Doc;
  const out: Operation[] = [];
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase();
      const content = op.requestBody?.content ?? {};
      out.push({
        key: `${method} ${p}`,
        method,
        path: p,
        params: op.parameters ?? [],
        body: content['application/json']?.schema ?? null,
        consumes: Object.keys(content).filter((t) => t !== 'application/json'),
        signedIn: (op.security ?? []).some((requirement) => Object.keys(requirement).length > 0),
        sessionOptional: (op.security ?? []).some((requirement) => Object.keys(requirement).length === 0),
      });
    }
  }
  return out;
}

/**
 * Every route Fastify registered, as "METHOD /path" in OpenAPI's {param} syntax, read from printRoutes()'s
 * tree (Fastify has no public route list): each line is a path segment appended to its parent's.
 */
export function registeredRoutes(app: App): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of tree.split('\n')) {
    const m = line.match(/^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const full = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = full;
    stack.length = depth + 1;
    for (const method of m[3]?.split(', ') ?? []) {
      out.push(`${method} ${full.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    }
  }
  return [...new Set(out)].sort();
}
