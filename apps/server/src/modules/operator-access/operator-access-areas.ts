import {
  AssetsPath,
  balanceServicePrefix,
  DocumentsPath,
  FundsPath,
  HistoryPath,
  InformationsPath,
  OperatorAccessPath,
  PlansPath,
  RootLoadingPath,
  SaisonConnectPath,
  TradingPath,
  operatorAccessAreaSchema,
  type OperatorAccessArea,
} from '@fund/contracts';

// Which area of the app an act-as call showed, from the route pattern kept in its audit row (decision 009
// `details.path`). The customer reads areas (資産, 取引履歴, …), never paths: a path tells them nothing and
// would describe our API to anyone who sees their screen. First match wins, so the card and bank calls
// under /v1/cashflows are payment before the rest of /v1/cashflows is history.

const areaPrefixes: readonly (readonly [OperatorAccessArea, readonly string[]])[] = [
  [
    'payment',
    [
      SaisonConnectPath.creditCard,
      SaisonConnectPath.accountTransferAccount,
      SaisonConnectPath.point,
      SaisonConnectPath.authorizationToken,
    ],
  ],
  ['assets', [AssetsPath.assets, HistoryPath.nisaStatusByYear]],
  ['history', [HistoryPath.trades, HistoryPath.cashflows]],
  [
    'orders',
    [TradingPath.orders, PlansPath.recurringPurchases, PlansPath.scheduledSells, PlansPath.monthlyDeposit],
  ],
  ['documents', [DocumentsPath.list, balanceServicePrefix, RootLoadingPath.tradeReportUrl]],
  ['notices', [InformationsPath.list, '/v1/badges']],
  // sign-in records and the identity service's account calls; the access record itself is security too
  ['security', [RootLoadingPath.lastLogIn, '/auth', OperatorAccessPath.list]],
  ['funds', [FundsPath.funds]],
  // the account-manager service: the account, its status, 代理人, NISA requests
  ['account', ['/v6', RootLoadingPath.tradingUserStatus]],
];

/** The order the areas are listed in (the contract's): what a customer most likely asks about first. */
const areaOrder: readonly OperatorAccessArea[] = operatorAccessAreaSchema.options;

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The area of one route pattern; `other` for a path outside every area or none (never left out). */
export function areaOfPath(path: string | null | undefined): OperatorAccessArea {
  if (typeof path !== 'string') return 'other';
  for (const [area, prefixes] of areaPrefixes) {
    if (prefixes.some((prefix) => underPrefix(path, prefix))) return area;
  }
  return 'other';
}

/** The distinct areas of a visit's paths, in `areaOrder`. */
export function areasOfPaths(paths: readonly (string | null)[]): OperatorAccessArea[] {
  const areas = new Set(paths.map(areaOfPath));
  return areaOrder.filter((area) => areas.has(area));
}
