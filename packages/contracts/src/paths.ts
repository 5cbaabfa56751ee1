/** Paths of the calls served by our server, shared by the server's routes and the web app's fetchers. */
export const ApiPath = {
  health: '/healthz',
  maintenanceStatus: '/maintenance/status',
  openApiDocs: '/docs',
} as const;

/**
 * Calls of the root shell (spec §7), by service. Each service has its own base URL in the web app's
 * configuration; by default one server answers them all.
 */
export const RootLoadingPath = {
  // account-manager service, version 6
  accountStatus: '/v6/accountStatus',
  accounts: '/v6/accounts',
  unmaskedUsers: '/v6/unmaskedUsers',
  updateAccountRequests: '/v6/updateAccountRequests',
  nisaRequests: '/v6/nisaRequests',
  migratedStatus: '/v6/users/migratedStatus',
  tradeReportUrl: '/v6/tradeReportUrl',
  // product API
  tradingUserStatus: '/v1/wb4UserStatus',
  informationBadge: '/v1/badges/information',
  informationOthersBadge: '/v1/badges/informationOthers',
  lastLogIn: '/v1/lastLogIn',
  // balance service (relative to its own base URL, `/balance` on our server)
  tradesReport: '/trades_report',
} as const;

/** Where our server mounts the balance service. */
export const balanceServicePrefix = '/balance';

/**
 * The operator's act-as header (spec §6): the customer an operator acts for. A customer's own token with
 * it is refused (security.md 21).
 */
export const actAsHeader = 'user-id';

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
  '/balance/',
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
