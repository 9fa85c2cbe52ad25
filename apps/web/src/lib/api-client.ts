import { MESSAGES } from '@lokal/shared/constants/messages';
import { type ApiQuery, apiUrl } from '@lokal/shared/domain/api-url';
// Types only: the contract's schemas stay out of the bundle; the server validates every answer against them.
import type { ApiBody, ApiPath, ApiQueryOf, ApiResponse, PathParams } from '@lokal/shared/schemas/endpoints';

/** An API failure: the server's message and, when it sent one, its code. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Logs a failure worth a developer's look: our faults (5xx), a network failure, a bug. An expected 4xx (a
 * wrong link, a limit, a refusal the screen explains) is the user's answer, not an error: the screen shows it,
 * and the console stays clean.
 */
export function logUnexpected(err: unknown): void {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return;
  console.error(err);
}

// The answers the server wrote into the page for this screen's first reads (decision 016). Each serves the
// first GET of exactly its address, once, while the page is fresh; every later read goes to the network.
const FIRST_ANSWERS_FRESH_MS = 10_000;
// Read on the first request rather than at import, so this module stays free of side effects (the bundler
// then keeps it in the entry chunk instead of splitting it out).
let firstAnswers: Map<string, unknown> | null = null;

function takeFirstAnswers(): Map<string, unknown> {
  const el = typeof document === 'undefined' ? null : document.getElementById('first-answers');
  if (!el) return new Map();
  el.remove();
  try {
    return new Map(Object.entries(JSON.parse(el.textContent || '{}') as Record<string, unknown>));
  } catch {
    return new Map();
  }
}

function firstAnswer(address: string): { data: unknown } | null {
  firstAnswers ??= takeFirstAnswers();
  if (!firstAnswers.has(address)) return null;
  const data = firstAnswers.get(address);
  firstAnswers.delete(address);
  return performance.now() < FIRST_ANSWERS_FRESH_MS ? { data } : null;
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  query?: ApiQuery,
  idempotencyKey?: string,
): Promise<T> {
  const address = apiUrl(path, query);
  const first = method === 'GET' ? firstAnswer(address) : null;
  if (first) return first.data as T;
  const res = await fetch(address, {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      // FormData sets its own multipart type with the boundary.
      ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
      // The same key for every try of one attempt: the server answers a repeat with its first answer (decision 086).
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const d = data as { message?: unknown; code?: unknown } | null;
    // The body's message, else 'HTTP error! status: {code}' (docs/product.md#messages).
    const message = typeof d?.message === 'string' ? d.message : MESSAGES.httpError(res.status);
    throw new ApiError(message, res.status, typeof d?.code === 'string' ? d.code : undefined);
  }
  return data as T;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** What a call to the contract's `METHOD path` passes: its `:name` parameters, its query and its body. */
type CallOptions<M extends Method, P extends ApiPath<M>> = (keyof PathParams<P> extends never
  ? { params?: undefined }
  : { params: PathParams<P> }) &
  (ApiQueryOf<M, P> extends undefined ? { query?: undefined } : { query?: ApiQueryOf<M, P> }) &
  (ApiBody<M, P> extends undefined ? { body?: undefined } : { body: ApiBody<M, P> }) & {
    /** Sent as Idempotency-Key: one per attempt (lib/attempt-key.ts), the same on each try of it. */
    idempotencyKey?: string;
  };
/** The options may be left out when nothing in them is required. */
type CallArgs<M extends Method, P extends ApiPath<M>> =
  Record<never, never> extends CallOptions<M, P>
    ? [options?: CallOptions<M, P>]
    : [options: CallOptions<M, P>];

/** An upload names its `:name` parameters like any call; its body is the form. */
type UploadArgs<P extends string> = keyof PathParams<P> extends never
  ? [options?: { params?: undefined }]
  : [options: { params: PathParams<P> }];

/** The address with its `:name` parameters filled in, each encoded. */
function fill(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
}

function call<M extends Method>(method: M) {
  return <P extends ApiPath<M>>(path: P, ...[options]: CallArgs<M, P>): Promise<ApiResponse<M, P>> => {
    const o = (options ?? {}) as {
      params?: Record<string, string>;
      query?: ApiQuery;
      body?: unknown;
      idempotencyKey?: string;
    };
    // A POST or PATCH always carries a JSON body, even an empty one.
    const body = method === 'GET' || method === 'DELETE' ? undefined : (o.body ?? {});
    return request(method, fill(path, o.params), body, o.query, o.idempotencyKey);
  };
}

/**
 * The one way the web app talks to the API: same origin, under /api, JSON. Each call names a route of the
 * shared contract; its parameters, query, body and answer are typed from that route's schemas.
 */
export const api = {
  get: call('GET'),
  post: call('POST'),
  patch: call('PATCH'),
  delete: call('DELETE'),
  /** A multipart upload (e.g. a photo), with the route's `:name` parameters; the answer is JSON like every other call. */
  upload: <P extends ApiPath<'POST'>>(
    path: P,
    form: FormData,
    ...[options]: UploadArgs<P>
  ): Promise<ApiResponse<'POST', P>> => request('POST', fill(path, options?.params), form),
};
