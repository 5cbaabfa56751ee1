import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, LoaderFunctionArgs, RouteObject } from 'react-router';
import { NotFoundPage } from '../features/system/not-found-page';
import { PageNotFoundError } from '../lib/errors/page-not-found-error';
import { hasFundCodeParam } from '../lib/routing/fund-code';
import { pageRevalidates } from '../lib/routing/page-revalidation';
import type { PageLoad, PageModule } from '../lib/routing/page-module';
import { checkPageValidation, type PageValidator } from '../lib/routing/page-validation';
import { ApiError, NetworkError } from '../lib/api/api-client';
import { DefaultLayout } from './layouts/default-layout';
import { NormalLayout } from './layouts/normal-layout';
import { SessionLayout } from './layouts/session-layout';
import { accountRoleForLoaders, prefetchRootLoading } from '../features/root-loading/root-loading-calls';
import { isExcludedFromRootLoading } from '../features/root-loading/root-loading';
import { RootShell } from './root-shell';
import { RouteErrorBoundary } from './route-error-boundary';
import { sessionGateFor, sessionGateLoader, sessionGateRevalidates } from './session-gate';

/**
 * Which layout a page uses, decided here for every route:
 * - normal (the page alone): the pages that skip the sign-in check (spec §2: /new, /resetPassword,
 *   /resetPassword/done, /redirect/openAccount, /redirect/resetPassword), whose visitor may not be signed
 *   in, so a menu of signed-in pages would lead nowhere; and the card-issuer linking pages under
 *   /saisonConnect, which are steps of the issuer's hand-off flow.
 * - session: /trading/monthlyDeposit, which skips the sign-in check too but is a signed-in customer's
 *   setting reached from the menu: the default frame when there is a session, else the plain one with
 *   the service's mark (decision 015).
 * - default (header, side menu, footer): every other page.
 */
export type LayoutName = 'default' | 'normal' | 'session';

export interface PageRoute {
  readonly path: string;
  readonly layout: LayoutName;
  /** Loads the page's own chunk (spec §2: every route is loaded on demand). */
  readonly page: () => Promise<PageModule>;
  /**
   * The page's loader, in a small chunk of its own (api files only) that loads beside the page's chunk,
   * so the calls do not wait for the page's code nor weigh on the first bundle (decision 012).
   */
  readonly load?: () => Promise<PageLoad>;
  /** The page's validation of its route parameters; failing it shows the not-found page. */
  readonly validate?: PageValidator;
}

/** All 24 routes of spec §2, and /assets/totalReturn (issue 28: トータルリターン). `:code` is a fund code. */
export const pageRoutes: readonly PageRoute[] = [
  {
    path: '/',
    layout: 'default',
    load: () => import('../features/home/home-loader').then((m) => m.loadHomePage),
    page: () => import('../features/home/home-page').then((m) => m.homePage),
  },
  {
    path: '/assets',
    layout: 'default',
    load: () => import('../features/assets/assets-loader').then((m) => m.loadAssetsPage),
    page: () => import('../features/assets/assets-page').then((m) => m.assetsPage),
  },
  {
    path: '/assets/nisaBalance',
    layout: 'default',
    page: () => import('../features/assets/nisa-balance-page').then((m) => m.nisaBalancePage),
    load: () => import('../features/assets/nisa-balance-loader').then((m) => m.loadNisaBalancePage),
  },
  {
    path: '/assets/totalReturn',
    layout: 'default',
    page: () => import('../features/assets/total-return-page').then((m) => m.totalReturnPage),
    load: () => import('../features/assets/total-return-loader').then((m) => m.loadTotalReturnPage),
  },
  {
    path: '/cashflows',
    layout: 'default',
    page: () => import('../features/cashflows/cashflows-page').then((m) => m.cashflowsPage),
    load: () => import('../features/cashflows/cashflows-loader').then((m) => m.loadCashflowsPage),
  },
  {
    path: '/mypage',
    layout: 'default',
    load: () => import('../features/mypage/mypage-loader').then((m) => m.loadMyPage),
    page: () => import('../features/mypage/mypage-page').then((m) => m.myPage),
  },
  {
    path: '/mypage/changeAgent',
    layout: 'default',
    load: () => import('../features/mypage/change-agent-loader').then((m) => m.loadChangeAgentPage),
    page: () =>
      import('../features/mypage/change-agent-page').then((m) => ({ Component: m.ChangeAgentPage })),
  },
  {
    path: '/new',
    layout: 'normal',
    page: () =>
      import('../features/onboarding/new-customer-page').then((m) => ({ Component: m.NewCustomerPage })),
  },
  {
    path: '/notifications',
    layout: 'default',
    page: () =>
      import('../features/notifications/notifications-page').then((m) => ({
        Component: m.NotificationsPage,
      })),
  },
  {
    path: '/redirect/openAccount',
    layout: 'normal',
    page: () =>
      import('../features/system/redirect-open-account-page').then((m) => ({
        Component: m.RedirectOpenAccountPage,
      })),
  },
  {
    path: '/redirect/resetPassword',
    layout: 'normal',
    page: () =>
      import('../features/system/redirect-reset-password-page').then((m) => ({
        Component: m.RedirectResetPasswordPage,
      })),
  },
  {
    path: '/resetPassword',
    layout: 'normal',
    page: () =>
      import('../features/password-reset/reset-password-page').then((m) => ({
        Component: m.ResetPasswordPage,
      })),
  },
  {
    path: '/resetPassword/done',
    layout: 'normal',
    page: () =>
      import('../features/password-reset/reset-password-done-page').then((m) => ({
        Component: m.ResetPasswordDonePage,
      })),
  },
  {
    path: '/saisonConnect',
    layout: 'normal',
    page: () =>
      import('../features/card-link/saison-connect-page').then((m) => ({ Component: m.SaisonConnectPage })),
  },
  {
    path: '/saisonConnect/error',
    layout: 'normal',
    page: () =>
      import('../features/card-link/saison-connect-error-page').then((m) => ({
        Component: m.SaisonConnectErrorPage,
      })),
  },
  {
    path: '/saisonConnect/mfa',
    layout: 'normal',
    page: () =>
      import('../features/card-link/saison-connect-mfa-page').then((m) => ({
        Component: m.SaisonConnectMfaPage,
      })),
  },
  {
    path: '/saisonConnect/mfaError',
    layout: 'normal',
    page: () =>
      import('../features/card-link/saison-connect-mfa-error-page').then((m) => ({
        Component: m.SaisonConnectMfaErrorPage,
      })),
  },
  {
    path: '/trading',
    layout: 'default',
    page: () => import('../features/trading/fund-list/trading-page').then((m) => m.tradingPage),
    load: () => import('../features/trading/fund-list/trading-list-loader').then((m) => m.loadTradingPage),
  },
  {
    path: '/trading/buy/:code/input',
    layout: 'default',
    validate: hasFundCodeParam,
    page: () => import('../features/trading/buy/buy-input-page').then((m) => m.buyInputPage),
    load: () => import('../features/trading/buy/buy-input-loader').then((m) => m.loadBuyInputPage),
  },
  {
    path: '/trading/buy/:code/confirm',
    layout: 'default',
    validate: hasFundCodeParam,
    page: () => import('../features/trading/buy/buy-confirm-page').then((m) => m.buyConfirmPage),
    load: () => import('../features/trading/buy/buy-confirm-loader').then((m) => m.loadBuyConfirmPage),
  },
  {
    path: '/trading/sell/:code',
    layout: 'default',
    validate: hasFundCodeParam,
    page: () => import('../features/trading/sell/sell-page').then((m) => m.sellPage),
    load: () => import('../features/trading/sell/sell-loader').then((m) => m.loadSellPage),
  },
  {
    path: '/trading/monthlyDeposit',
    layout: 'session',
    page: () =>
      import('../features/trading/monthly-deposit/monthly-deposit-page').then((m) => ({
        Component: m.MonthlyDepositPage,
      })),
  },
  {
    path: '/trading/scheduledBuy/:code/inputType',
    layout: 'default',
    validate: hasFundCodeParam,
    page: () =>
      import('../features/trading/recurring-purchase/scheduled-buy-input-type-page').then((m) => ({
        Component: m.ScheduledBuyInputTypePage,
      })),
  },
  {
    path: '/trading/scheduledBuy/:code/inputAmount',
    layout: 'default',
    validate: hasFundCodeParam,
    page: () =>
      import('../features/trading/recurring-purchase/scheduled-buy-input-amount-page').then((m) => ({
        Component: m.ScheduledBuyInputAmountPage,
      })),
  },
  {
    path: '/trading/scheduledBuy/:code/confirm',
    layout: 'default',
    validate: hasFundCodeParam,
    page: () =>
      import('../features/trading/recurring-purchase/scheduled-buy-confirm-page').then((m) => ({
        Component: m.ScheduledBuyConfirmPage,
      })),
  },
];

/**
 * The loader of a page: its parameter validation (a failure is the spec's 404), then, once the session
 * gate of the same navigation has passed, the page's own `load`. A call that failed there has already
 * been reported (toast or maintenance screen) and stays in its query for the page to show in place.
 */
function pageLoader(queryClient: QueryClient, { load, validate }: PageRoute): LoaderFunction {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    checkPageValidation(validate, params, url.pathname);
    if (load === undefined) return null;
    const [pageLoad] = await Promise.all([load(), sessionGateFor(request)]);
    try {
      await pageLoad({ queryClient, params, url, accountRole: () => accountRoleForLoaders(queryClient) });
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof NetworkError)) throw error;
    }
    return null;
  };
}

function toRouteObject(queryClient: QueryClient, route: PageRoute): RouteObject {
  return {
    path: route.path,
    lazy: { Component: async () => (await route.page()).Component },
    loader: pageLoader(queryClient, route),
    shouldRevalidate: pageRevalidates,
  };
}

function routesOf(queryClient: QueryClient, layout: LayoutName): RouteObject[] {
  return pageRoutes
    .filter((route) => route.layout === layout)
    .map((route) => toRouteObject(queryClient, route));
}

/** An unknown path raises the same 404 as a failed page validation. */
const unknownPathLoader: LoaderFunction = ({ request }) => {
  throw new PageNotFoundError(new URL(request.url).pathname);
};

/** Nothing is shown while the first page's chunk loads (spec §2 root shell: "while loading nothing is shown"). */
function InitialLoad() {
  return null;
}

/** The route tree, shared by the browser router and the tests' memory routers. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      // last resort for an error in the shell itself
      ErrorBoundary: RouteErrorBoundary,
      children: [
        {
          id: 'pages',
          loader: async (args) => {
            await sessionGateLoader(args);
            if (!isExcludedFromRootLoading(new URL(args.request.url).pathname))
              prefetchRootLoading(queryClient);
            return null;
          },
          shouldRevalidate: sessionGateRevalidates,
          // errors of pages render here, inside the shell, so toasts and modals keep working
          ErrorBoundary: RouteErrorBoundary,
          HydrateFallback: InitialLoad,
          children: [
            { id: 'layout-default', Component: DefaultLayout, children: routesOf(queryClient, 'default') },
            { id: 'layout-normal', Component: NormalLayout, children: routesOf(queryClient, 'normal') },
            { id: 'layout-session', Component: SessionLayout, children: routesOf(queryClient, 'session') },
            // the loader always throws; the component only keeps React Router from warning about a leaf without one
            { id: 'unknown-path', path: '*', loader: unknownPathLoader, Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}
