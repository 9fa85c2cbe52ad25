import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi-helper.ts';

// fast-check arbitraries for the API: values that fit a route's JSON schema (with real ids), and the
// hostile ones around them — wrong types, missing and extra fields, boundary and huge strings, unicode,
// NUL, SQL and HTML metacharacters, path traversal, broken JSON and wrong media types.

/** Real values the generators draw from, so that valid-looking requests reach the services. */
export type Pools = {
  /** Real ids for a field or path parameter of this name (guideId, conversationId, id …). */
  uuids: (name: string) => string[];
  emails: string[];
  phones: string[];
  tourNames: string[];
  /** Names of real pictures (uploads, avatars). */
  files: string[];
};

const NASTY_STRINGS = [
  '',
  ' ',
  '   \t\n ',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(10)',
  "\\'; --",
  '%',
  '_',
  '%%',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '/dev/null',
  'a\u0000b',
  '\u0000',
  '\u202Eevil\u202C',
  'zero\u200Bwidth\uFEFF',
  'שלום עולם',
  'مرحبا',
  '😀👍🏽👨‍👩‍👧‍👦',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\uD800',
  '\uDFFF',
  '\r\nSet-Cookie: x=1',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x10',
  '9007199254740993',
  '-9007199254740993',
  '__proto__',
  'constructor',
  '{"$ne":null}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose.
  '${7*7}',
  '{{7*7}}',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '24:00',
  '23:60',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-00000000000g',
];

/** Up to 100 KB (the body limit is 1 MB): one character repeated, several kinds of character. */
export const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'é', '😀', '\u202E', "'", '<', ' ', '\u0000', '9'),
    fc.integer({ min: 256, max: 100_000 }),
  )
  .map(([c, n]) => c.repeat(Math.max(1, Math.floor(n / c.length))));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, -1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -(2 ** 53) - 2, 0.1, 1e-320),
  fc.double(),
  fc.integer(),
);

/** Any JSON value, mostly of the wrong kind for where it is put. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': '' }) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const EXTRA_KEYS = ['extra', 'isAdmin', 'role', 'userId', '$where', '', ' ', 'a'.repeat(300), 'constructor'];

type Named = { schema: JsonSchema; name: string };

function stringFor({ schema: s, name }: Named, pools: Pools): fc.Arbitrary<string> {
  const lname = name.toLowerCase();
  if (s.format === 'uuid' || /(^|[a-z])id$/i.test(name)) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...pools.uuids(name)) },
      { weight: 1, arbitrary: fc.uuid() },
    );
  }
  if (s.format === 'email' || lname.includes('email')) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...pools.emails) },
      { weight: 1, arbitrary: fc.emailAddress() },
    );
  }
  if (lname === 'phone') {
    return fc.oneof(
      fc.constantFrom(...pools.phones),
      fc.integer({ min: 2_000_000, max: 9_999_999 }).map((n) => `+1415${n}`),
    );
  }
  if (lname === 'file') {
    const real = fc.constantFrom(...pools.files);
    return s.pattern ? fc.oneof(real, fc.stringMatching(new RegExp(s.pattern))) : real;
  }
  if (lname === 'code') return fc.stringMatching(/^\d{6}$/);
  if (lname === 'tourname' || lname === 'tourtype') return fc.constantFrom(...pools.tourNames);
  if (lname === 'date') {
    return fc
      .integer({ min: -400, max: 800 })
      .map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10));
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern, 'u'), { size: 'small' });
    } catch {
      // A pattern fast-check cannot generate from: fall through to lengths.
    }
  }
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)) }) },
    // The boundaries, and one past them.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'x'.repeat(max),
        'x'.repeat(max + 1),
        'x'.repeat(min),
        'x'.repeat(Math.max(0, min - 1)),
      ),
    },
  );
}

function numberFor(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exMin = s.exclusiveMinimum === (true as unknown) ? 1 : 0;
  const lo =
    s.minimum !== undefined
      ? s.minimum + (integer ? exMin : 0)
      : typeof s.exclusiveMinimum === 'number'
        ? s.exclusiveMinimum + 1
        : -1_000_000;
  const hi =
    s.maximum !== undefined
      ? s.maximum
      : typeof s.exclusiveMaximum === 'number'
        ? s.exclusiveMaximum - 1
        : 1_000_000;
  const inside = integer
    ? fc.integer({ min: Math.ceil(Math.max(lo, -(2 ** 31))), max: Math.floor(Math.min(hi, 2 ** 31)) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(
    { weight: 4, arbitrary: inside },
    { weight: 1, arbitrary: fc.constantFrom(lo, hi, lo - 1, hi + 1) },
  );
}

/** A value that fits the schema (near its boundaries sometimes), built from the pools where a name says what it is. */
export function validFor(schema: JsonSchema, pools: Pools, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const usable = alternatives.filter((a) => a.type !== 'null');
    return fc.oneof(...(usable.length ? usable : alternatives).map((a) => validFor(a, pools, name, depth)));
  }
  if (schema.allOf?.length) return validFor(Object.assign({}, ...schema.allOf), pools, name, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringFor({ schema, name }, pools);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const min = schema.minItems ?? 0;
      return fc.array(validFor(schema.items ?? {}, pools, name, depth + 1), {
        minLength: min,
        maxLength: Math.max(min, Math.min(schema.maxItems ?? 4, 4)),
      });
    }
    case 'object': {
      const props = schema.properties ?? {};
      if (depth > 4 || Object.keys(props).length === 0) return fc.constant({});
      const model = Object.fromEntries(
        Object.entries(props).map(([k, v]) => [k, validFor(v, pools, k, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Path = (string | number)[];

function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = [...at, Array.isArray(value) ? Number(k) : k];
      out.push(p);
      if (p.length < 4) pathsOf(v, p, out);
    }
  }
  return out;
}

function clone<T>(v: T): T {
  return v === undefined ? v : JSON.parse(JSON.stringify(v));
}

function parentOf(root: unknown, path: Path): Record<string | number, unknown> | null {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    node = node?.[key] as Record<string | number, unknown>;
    if (!node || typeof node !== 'object') return null;
  }
  return node;
}

const MUTATIONS = ['replace', 'replace', 'replace', 'delete', 'extra', 'stringify', 'wrap', 'null'] as const;

/** A valid value with one thing wrong: a field replaced, removed, added, turned into a string or an array. */
export function mutated(schema: JsonSchema, pools: Pools): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      validFor(schema, pools),
      fc.constantFrom(...MUTATIONS),
      fc.nat(),
      nastyValue,
      fc.constantFrom(...EXTRA_KEYS),
    )
    .map(([value, how, pick, bad, extraKey]) => {
      const root = clone(value);
      if (!root || typeof root !== 'object') return bad;
      const paths = pathsOf(root);
      const path = paths.length ? paths[pick % paths.length]! : null;
      const parent = path ? parentOf(root, path) : null;
      const key = path?.at(-1);
      if (how === 'extra' || !parent || key === undefined) {
        (root as Record<string, unknown>)[extraKey] = bad;
        return root;
      }
      if (how === 'replace') parent[key] = bad;
      else if (how === 'delete') {
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete parent[key];
      } else if (how === 'stringify') parent[key] = JSON.stringify(parent[key]) ?? 'undefined';
      else if (how === 'wrap') parent[key] = [parent[key]];
      else parent[key] = null;
      return root;
    });
}

/** A request body: what it says and under which media type. `text` is sent as is. */
export type Body = { contentType: string | null; text: string | Buffer } | null;

const json = (v: unknown): Body => ({ contentType: 'application/json', text: JSON.stringify(v) ?? 'null' });

const RAW_BODIES: Body[] = [
  { contentType: 'application/json', text: '' },
  { contentType: 'application/json', text: '{' },
  { contentType: 'application/json', text: '{"a":' },
  { contentType: 'application/json', text: "{'a':1}" },
  { contentType: 'application/json', text: 'undefined' },
  { contentType: 'application/json', text: '{"a":1}garbage' },
  { contentType: 'application/json', text: '\u0000' },
  { contentType: 'application/json', text: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'application/json', text: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { contentType: 'application/json', text: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
  { contentType: 'application/json', text: `{"a":"${'x'.repeat(1_100_000)}"}` },
  { contentType: 'application/json; charset=utf-16', text: '{}' },
  { contentType: 'application/json; charset=latin1', text: '{}' },
  { contentType: 'text/plain', text: '{}' },
  { contentType: 'application/x-www-form-urlencoded', text: 'a=1&b=2' },
  { contentType: 'application/xml', text: '<a>1</a>' },
  { contentType: 'multipart/form-data', text: '--x\r\n\r\n--x--' },
  { contentType: null, text: '{}' },
];

/** A body that fits the route's schema (none for routes without one). */
export function validBodyFor(op: Operation, pools: Pools): fc.Arbitrary<Body> {
  return op.body ? validFor(op.body, pools).map(json) : fc.constant(null);
}

/** The body of one generated request: valid, one thing wrong, wholly wrong, or not JSON at all. */
export function bodyFor(op: Operation, pools: Pools): fc.Arbitrary<Body> {
  if (!op.body) {
    if (op.method === 'GET' || op.method === 'HEAD') return fc.constant(null);
    // Routes without a body get one anyway now and then.
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: nastyValue.map(json) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
    );
  }
  return fc.oneof(
    { weight: 3, arbitrary: validFor(op.body, pools).map(json) },
    { weight: 5, arbitrary: mutated(op.body, pools).map(json) },
    { weight: 1, arbitrary: nastyValue.map(json) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES, null) },
  );
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encodes; a lone surrogate (not UTF-8) goes as the bytes of one, which is what a broken client sends. */
function enc(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return `${encodeURIComponent(v.replace(LONE_SURROGATE, '\uFFFD'))}%ED%A0%80`;
  }
}

/** Path segments sent exactly as written: broken escapes, traversal, encoded NUL. */
const RAW_SEGMENTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '..',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  '%2F',
  '%252F',
  '%C0%AE',
  '%FF',
];

/**
 * The URL: path parameters and query. Valid: every parameter fits (optional ones come and go). Hostile: each
 * may be valid, hostile, broken, missing or repeated, and unknown keys come along.
 */
export function urlFor(op: Operation, pools: Pools, hostile: boolean): fc.Arbitrary<string> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const segment = (schema: JsonSchema, name: string) =>
    !hostile
      ? validFor(schema, pools, name).map((v) => enc(String(v)))
      : fc.oneof(
          { weight: 4, arbitrary: validFor(schema, pools, name).map((v) => enc(String(v))) },
          { weight: 3, arbitrary: nastyString.map((v) => enc(v.slice(0, 2000))) },
          { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
        );
  const queryValue = (schema: JsonSchema, name: string) =>
    !hostile
      ? validFor(schema, pools, name).map((v) => [enc(String(v))])
      : fc.oneof(
          { weight: 3, arbitrary: validFor(schema, pools, name).map((v) => [enc(String(v))]) },
          { weight: 3, arbitrary: nastyString.map((v) => [enc(v)]) },
          // Repeated keys arrive as arrays.
          {
            weight: 1,
            arbitrary: fc.array(
              nastyString.map((v) => enc(v.slice(0, 100))),
              { minLength: 2, maxLength: 3 },
            ),
          },
          { weight: 1, arbitrary: fc.constantFrom(['%'], ['%zz'], [''], ['%00']) },
        );
  const params = fc.tuple(...pathParams.map((p) => segment(p.schema, p.name)));
  const query = fc.tuple(
    ...queryParams.map((p) =>
      fc
        .option(queryValue(p.schema, p.name), { freq: 3 })
        .map((v) => (v ? v.map((x) => `${p.name}=${x}`) : [])),
    ),
  );
  const extra = fc.array(
    fc
      .tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'a[b]', 'x'), nastyString)
      .map(([k, v]) => `${enc(k)}=${enc(v.slice(0, 1000))}`),
    { maxLength: hostile ? 2 : 0 },
  );
  return fc.tuple(params, query, extra).map(([values, q, more]) => {
    let i = 0;
    const path = op.path.replace(/\{[^}]+\}/g, () => values[i++] as string);
    const parts = [...q.flat(), ...more];
    return parts.length ? `${path}?${parts.join('&')}` : path;
  });
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

/** multipart/form-data uploads: random bytes, real images cut short, wrong fields, broken framing. */
export function uploadFor(png: Buffer): fc.Arbitrary<Body> {
  const data = fc.oneof(
    fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)),
    fc.uint8Array({ maxLength: 512 }).map((a) => Buffer.concat([PNG_SIGNATURE, Buffer.from(a)])),
    fc.uint8Array({ maxLength: 512 }).map((a) => Buffer.concat([JPEG_START, Buffer.from(a)])),
    fc.nat(png.length).map((n) => png.subarray(0, n)),
    fc.tuple(fc.nat(png.length - 1), fc.nat(255)).map(([i, b]) => {
      const copy = Buffer.from(png);
      copy[i] = b;
      return copy;
    }),
    fc.constant(png),
  );
  const field = fc.oneof(
    { weight: 4, arbitrary: fc.constant('photo') },
    { weight: 1, arbitrary: fc.constantFrom('file', '', 'photo"; x="', 'ph\u00f6to') },
  );
  const type = fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'text/html', '');
  return fc.oneof(
    { weight: 5, arbitrary: fc.tuple(field, type, data).map(([f, t, d]) => multipartBody(f, t, d)) },
    { weight: 1, arbitrary: data.map((d) => ({ contentType: 'multipart/form-data', text: d })) },
    {
      weight: 1,
      arbitrary: data.map((d) => ({ contentType: 'multipart/form-data; boundary=nope', text: d })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
  );
}

export function multipartBody(field: string, type: string, data: Buffer): Body {
  const boundary = '----lokalfuzz';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    text: Buffer.concat([Buffer.from(head, 'latin1'), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}
