import type { RequestAuth } from './sessions.ts';

/**
 * The requests the server makes to itself (a page's first reads, decision 051), with the session the page
 * already resolved, keyed by the raw request object that in-process code creates and dispatches: nothing a
 * client sends (a header, a cookie) can put a request in here.
 */
const internalReads = new WeakMap<object, RequestAuth | null>();

/** Marks an in-process request, before it is dispatched, as an internal read with this session. */
export function markInternalRead(raw: object, auth: RequestAuth | null): void {
  internalReads.set(raw, auth);
}

/** Whether this raw request is one the server made to itself. */
export function isInternalRead(raw: object): boolean {
  return internalReads.has(raw);
}

/** The session an internal read carries (`null`: none); `undefined` for every other request. */
export function internalReadSession(raw: object): RequestAuth | null | undefined {
  return internalReads.get(raw);
}
