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
export const apiPathPrefixes = ['/v1/', '/v6/', '/auth/', '/oidc/', '/maintenance/', '/docs', '/healthz', '/partners/'] as const;
