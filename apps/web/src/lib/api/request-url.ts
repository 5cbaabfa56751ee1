/** Query parameters of a call; empty values ('' / null / undefined) are left out (spec §5). */
export type CallQuery = Record<string, string | number | boolean | null | undefined>;

/** The query string of a call, empty values left out. */
export function buildQuery(query: CallQuery | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(name, String(value));
  }
  return params.toString();
}

/**
 * The URL of a call: the service's base URL, the path and the query. One function for the API client and
 * the first screen's early calls, so an early answer is found under the URL the client asks for.
 */
export function buildUrl(baseUrl: string, path: string, query: CallQuery | undefined): string {
  const url = `${baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  const search = buildQuery(query);
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}
