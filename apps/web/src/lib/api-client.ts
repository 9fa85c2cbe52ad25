import { MESSAGES } from '@lokal/shared/constants/messages';

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

type Query = Record<string, string | number | boolean | undefined | null>;

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  // Undefined filters are dropped (spec §7).
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const res = await fetch(url(path, query), {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      // FormData sets its own multipart type with the boundary.
      ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
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
    // The body's message, else 'HTTP error! status: {code}' (spec §8).
    const message = typeof d?.message === 'string' ? d.message : MESSAGES.httpError(res.status);
    throw new ApiError(message, res.status, typeof d?.code === 'string' ? d.code : undefined);
  }
  return data as T;
}

/** The one way the web app talks to the API: same origin, under /api, JSON. */
export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** A multipart upload (e.g. a photo); the answer is JSON like every other call. */
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
};
