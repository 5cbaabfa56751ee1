/** Paths of the calls served by our server, shared by the server's routes and the web app's fetchers. */
export const ApiPath = {
  health: '/healthz',
  maintenanceStatus: '/maintenance/status',
  openApiDocs: '/docs',
} as const;

/**
 * Path prefixes that belong to the API and never fall back to the web app: an unknown path under them
 * is answered with a JSON 404 in the spec's error body.
 */
export const apiPathPrefixes = [
  '/v1/',
  '/v6/',
  '/auth/',
  '/oidc/',
  '/oidc-admin/',
  '/maintenance/',
  '/docs',
  '/healthz',
  '/partners/',
] as const;

/**
 * Whether a request path (without query string) belongs to the API. A prefix ending in `/` also covers
 * the bare segment (`/v1`); one without (`/docs`) covers itself and its sub-paths, not `/docsfoo`.
 */
export function isApiPath(path: string): boolean {
  return apiPathPrefixes.some((prefix) =>
    prefix.endsWith('/')
      ? path.startsWith(prefix) || path === prefix.slice(0, -1)
      : path === prefix || path.startsWith(`${prefix}/`),
  );
}

/**
 * Where the web build puts its content-hashed files (Vite's `assetsDir`), served with immutable caching.
 * Not Vite's default `assets`: that would shadow the screens /assets and /assets/nisaBalance (spec §2).
 */
export const webAssetsDirectory = 'static';
