import {
  AssetsPath,
  FundsPath,
  InformationsPath,
  PlansPath,
  RootLoadingPath,
  SaisonConnectPath,
  TradingPath,
} from '@fund/contracts/paths';
import type { ApiBaseUrls } from '../config/api-base-urls';
import type { CallQuery } from '../lib/api/request-url';

/** A GET the first screen makes, to be asked before the app's code has arrived (decision 030). */
export interface FirstScreenCall {
  readonly service: 'product' | 'account';
  readonly path: string;
  readonly query?: CallQuery;
}

/** The root loading's calls (spec §4; features/root-loading/root-loading-calls.ts prefetchRootLoading). */
const rootLoading: readonly FirstScreenCall[] = [
  { service: 'account', path: RootLoadingPath.accountStatus },
  { service: 'product', path: RootLoadingPath.tradingUserStatus },
  { service: 'product', path: RootLoadingPath.informationBadge },
  { service: 'product', path: RootLoadingPath.informationOthersBadge },
  { service: 'account', path: RootLoadingPath.accounts },
  { service: 'account', path: RootLoadingPath.unmaskedUsers },
];

/**
 * The screens a customer opens the app on, with their loaders' calls that do not depend on the customer's
 * role or today's date (NISA口座の残高 asks by role, the asset chart by date: those wait for the app).
 * A test runs each loader and checks that it asks for every URL listed here, so the list cannot drift.
 */
const screens: Readonly<Record<string, readonly FirstScreenCall[]>> = {
  '/': [
    { service: 'product', path: AssetsPath.assets },
    { service: 'product', path: TradingPath.orders, query: { status: 'ORDERED', page: 1 } },
    { service: 'product', path: TradingPath.orders, query: { status: 'EXECUTED', page: 1 } },
    { service: 'product', path: PlansPath.recurringPurchases },
    { service: 'product', path: SaisonConnectPath.point },
    {
      service: 'product',
      path: InformationsPath.list,
      query: { category: 'important', page: 1, pageSize: 3 },
    },
  ],
  '/assets': [{ service: 'product', path: AssetsPath.assets }],
  '/assets/nisabalance': [],
  '/trading': [
    { service: 'product', path: FundsPath.funds },
    { service: 'product', path: PlansPath.recurringPurchases },
    { service: 'product', path: PlansPath.scheduledSells },
    { service: 'product', path: PlansPath.monthlyDeposit },
    { service: 'product', path: AssetsPath.assets },
  ],
};

/** The screen's path as the router matches it: without case, a trailing slash ignored. */
const screenOf = (pathname: string) => pathname.replace(/(.)\/+$/, '$1').toLowerCase();

/** The calls of the screen at `pathname`, root loading first; none for a screen not listed. */
export function firstScreenCallsOf(pathname: string): readonly FirstScreenCall[] {
  const calls = screens[screenOf(pathname)];
  return calls === undefined ? [] : [...rootLoading, ...calls];
}

export function baseUrlOf(call: FirstScreenCall, baseUrls: ApiBaseUrls): string {
  return call.service === 'product' ? baseUrls.productApiBaseUrl : baseUrls.accountApiBaseUrl;
}
