export type ApiQuery = Record<string, string | number | boolean | undefined | null>;

/**
 * The one spelling of an API address: `/api` + path + the query values that are set, in the order given
 * (empty and undefined filters are dropped). The web app's client builds every request with it, and
 * the server names the answers it writes into a page with it, so the two match character for character.
 */
export function apiUrl(path: string, query?: ApiQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}
