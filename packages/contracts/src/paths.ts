/**
 * Paths of the calls served by our server, shared by the server's routes and the web app's fetchers. This
 * module imports nothing (no zod): the web app imports it as `@fund/contracts/paths` at no bundle cost.
 * Templates name their parameters `:name`; `fillPath` makes a request path of one.
 */
export const ApiPath = {
  health: '/healthz',
  maintenanceStatus: '/maintenance/status',
  openApiDocs: '/docs',
} as const;

/** Calls from outside systems, signed with a shared key (apps/server plugins/signed-inbound.ts). */
export const inboundPathPrefix = '/inbound/';
export const InboundPath = {
  /** The fund master and NAV feed (docs/fund-feed.md). */
  fundFeed: '/inbound/fund-feed',
  /** Account opened, updated, closed (docs/inbound-interfaces.md). */
  accountEvents: '/inbound/account-events',
  /** The trading system's status of a customer (ロック). */
  tradingStatus: '/inbound/trading-status',
  /** Bank transfers received for a customer (振込入金). */
  deposits: '/inbound/deposits',
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

/**
 * The web app's build variants (spec §1, decision 024), chosen at build time: the customer app at `/`,
 * the operator console (admin build) at `/admin/`, and the temporary build at `/temporary/`, the child
 * account's onboarding before its 口座番号 exists. Each is built into `dist/<dir>` (the customer app into
 * `dist` itself) with its own entry, and served by the server under its path.
 */
export const webBuildVariants = {
  customer: { path: '/', dir: '' },
  admin: { path: '/admin/', dir: 'admin' },
  temporary: { path: '/temporary/', dir: 'temporary' },
} as const;
export type WebBuildVariant = keyof typeof webBuildVariants;

/** The variant a request path belongs to: the one with the longest matching path (`/admin` is the admin build's). */
export function webBuildVariantOf(path: string): WebBuildVariant {
  for (const variant of ['admin', 'temporary'] as const) {
    const base = webBuildVariants[variant].path;
    if (path === base.slice(0, -1) || path.startsWith(base)) return variant;
  }
  return 'customer';
}

/**
 * What the web build lists for each screen's first load (apps/web/route-preloads-plugin.ts), read by the
 * server to announce those files in the screen's index.html: a route pattern of the app's router
 * (`/trading/buy/:code/input`) → the built files (`static/…js`, `static/…css`) its page and loader need
 * beyond the entry script. Under `.vite/`, which the server never serves.
 */
export const webRoutePreloadsFile = '.vite/route-preloads.json';
export type WebRoutePreloads = Readonly<Record<string, readonly string[]>>;

export const FundsPath = {
  funds: '/v1/funds',
  fund: '/v1/funds/:code',
  navs: '/v1/funds/:code/navs',
  prospectusConfirmations: '/v1/funds/:code/prospectusConfirmations',
} as const;

/**
 * Header every creating call must carry (security.md 25): one key per intent, reused when the same intent
 * is sent again. Here, zod-free, so the web app's pages can name it.
 */
export const idempotencyKeyHeader = 'idempotency-key';

/** Paths of the orders API. */
export const TradingPath = {
  estimate: '/v1/orders/estimate',
  buy: '/v1/orders/buy',
  sell: '/v1/orders/sell',
  orders: '/v1/orders',
  order: '/v1/orders/:orderId',
  cancel: '/v1/orders/:orderId/cancel',
} as const;

/** Paths of the plan-management calls. */
export const PlansPath = {
  recurringPurchases: '/v1/recurringPurchases',
  recurringPurchase: '/v1/recurringPurchases/:id',
  recurringPurchaseSuspend: '/v1/recurringPurchases/:id/suspend',
  recurringPurchaseResume: '/v1/recurringPurchases/:id/resume',
  recurringPurchaseCancel: '/v1/recurringPurchases/:id/cancel',
  scheduledSells: '/v1/scheduledSells',
  scheduledSell: '/v1/scheduledSells/:id',
  scheduledSellSuspend: '/v1/scheduledSells/:id/suspend',
  scheduledSellResume: '/v1/scheduledSells/:id/resume',
  scheduledSellCancel: '/v1/scheduledSells/:id/cancel',
  monthlyDeposit: '/v1/monthlyDeposit',
} as const;

export const AssetsPath = {
  assets: '/v1/assets',
  history: '/v1/assets/history',
} as const;

/** A fund's life as the customer sees it: each holding's distribution course, and トータルリターン. */
export const FundLifePath = {
  distributionCourses: '/v1/distributionCourses',
  totalReturns: '/v1/totalReturns',
} as const;

export const HistoryPath = {
  cashflows: '/v1/cashflows',
  trades: '/v1/trades',
  nisaStatusByYear: '/v6/nisaStatusByYear',
} as const;

export const InformationsPath = {
  list: '/v1/informations',
  detail: '/v1/informations/:id',
  read: '/v1/informations/:id/read',
} as const;

/** `fillPath('/v1/funds/:code/navs', { code: 'DEMOF001' })` → `/v1/funds/DEMOF001/navs`; every value is URI-encoded. */
export function fillPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${template}`);
    return encodeURIComponent(value);
  });
}

/** Calls of the card issuer's connected service and the customer's payment accounts (spec §7). */
export const SaisonConnectPath = {
  point: '/v1/cashflows/saisonConnect/point',
  authorizationToken: '/v1/cashflows/saisonConnect/authorizationToken',
  creditCard: '/v1/cashflows/creditCard',
  accountTransferAccount: '/v1/cashflows/accountTransfer/account',
} as const;

/** The customer's 電子交付書面 (取引報告書 and the periodic reports) as JSON, for the web app. */
export const DocumentsPath = {
  list: '/v1/documents',
  detail: '/v1/documents/:id',
  read: '/v1/documents/:id/read',
} as const;

/**
 * The account's 代理人 (spec §2 /mypage/changeAgent; decision 020): account data, so on the
 * account-manager service next to `/v6/unmaskedUsers`.
 */
export const AgentPath = {
  agent: '/v6/agent',
} as const;

/**
 * The card issuer's pages and endpoints (spec §7 outbound hand-offs), as its simulator serves them under
 * /partners/ (decision 018): the web app sends the customer to `authorize` and `mfa`; our server calls
 * `token`, `mfaResult` and `status` server-to-server. `clientId` is the app's client at the issuer.
 */
export const CardIssuerPath = {
  authorize: '/partners/card-issuer/authorize',
  mfa: '/partners/card-issuer/mfa',
  token: '/partners/card-issuer/token',
  mfaResult: '/partners/card-issuer/mfa/result',
  status: '/partners/card-issuer/status',
} as const;

/** The app's client id at the card issuer (spec §9 "card client id"). */
export const cardIssuerClientId = 'fund-web-saison-connect';

/** The app's callback pages of the card link (spec §2, §7). */
export const CardLinkCallbackPath = {
  authorize: '/saisonConnect',
  mfa: '/saisonConnect/mfa',
  error: '/saisonConnect/error',
  mfaError: '/saisonConnect/mfaError',
} as const;

/** The account-manager call that pre-fills a child's account opening from the parent (decision 018). */
export const TemporaryUserPath = {
  childAutoCompletion: '/v6/temporaryUsers/child/autoCompletion',
} as const;

/**
 * When operators viewed the customer's account (decision 025): the customer's own read of the act-as
 * rows of the audit log.
 */
export const OperatorAccessPath = {
  list: '/v1/operatorAccesses',
} as const;

/**
 * The operator console's own calls (admin build, decision 024), with an operator token and no act-as
 * header: finding a customer of the operator's branches, and the operator's own audit trail.
 */
export const OperatorConsolePath = {
  customers: '/v1/operator/customers',
  customer: '/v1/operator/customers/:accountNumber',
  auditTrail: '/v1/operator/auditTrail',
} as const;
