import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { NotFoundPage } from '../features/system/not-found-page';
import { PageNotFoundError } from '../lib/errors/page-not-found-error';
import { hasFundCodeParam } from '../lib/routing/fund-code';
import { skipRevalidationForModal } from '../lib/routing/modal-param';
import { pageValidationLoader, type PageValidator } from '../lib/routing/page-validation';
import { DefaultLayout } from './layouts/default-layout';
import { NormalLayout } from './layouts/normal-layout';
import { RootShell } from './root-shell';
import { RouteErrorBoundary } from './route-error-boundary';
import { sessionGateLoader, sessionGateRevalidates } from './session-gate';

/**
 * Which layout a page uses, decided here for every route:
 * - normal (the page alone): every page that skips the sign-in check (spec §2: /new, /resetPassword,
 *   /resetPassword/done, /trading/monthlyDeposit, /redirect/openAccount, /redirect/resetPassword), whose
 *   visitor may not be signed in, so a menu of signed-in pages would lead nowhere; and the card-issuer
 *   linking pages under /saisonConnect, which are steps of the issuer's hand-off flow.
 * - default (header, side menu, footer): every other page.
 */
export type LayoutName = 'default' | 'normal';

export interface PageRoute {
  readonly path: string;
  readonly layout: LayoutName;
  /** Loads the page's own chunk (spec §2: every route is loaded on demand). */
  readonly page: () => Promise<ComponentType>;
  /** The page's validation of its route parameters; failing it shows the not-found page. */
  readonly validate?: PageValidator;
}

/** All 24 routes of spec §2. `:code` is a fund code. */
export const pageRoutes: readonly PageRoute[] = [
  { path: '/', layout: 'default', page: () => import('../features/home/home-page').then((m) => m.HomePage) },
  {
    path: '/assets',
    layout: 'default',
    page: () => import('../features/assets/assets-page').then((m) => m.AssetsPage),
  },
  {
    path: '/assets/nisaBalance',
    layout: 'default',
    page: () => import('../features/assets/nisa-balance-page').then((m) => m.NisaBalancePage),
  },
  {
    path: '/cashflows',
    layout: 'default',
    page: () => import('../features/cashflows/cashflows-page').then((m) => m.CashflowsPage),
  },
  {
    path: '/mypage',
    layout: 'default',
    page: () => import('../features/mypage/mypage-page').then((m) => m.MyPage),
  },
  {
    path: '/mypage/changeAgent',
    layout: 'default',
    page: () => import('../features/mypage/change-agent-page').then((m) => m.ChangeAgentPage),
  },
  {
    path: '/new',
    layout: 'normal',
    page: () => import('../features/onboarding/new-customer-page').then((m) => m.NewCustomerPage),
  },
  {
    path: '/notifications',
    layout: 'default',
    page: () => import('../features/notifications/notifications-page').then((m) => m.NotificationsPage),
  },
  {
    path: '/redirect/openAccount',
    layout: 'normal',
    page: () =>
      import('../features/system/redirect-open-account-page').then((m) => m.RedirectOpenAccountPage),
  },
  {
    path: '/redirect/resetPassword',
    layout: 'normal',
    page: () =>
      import('../features/system/redirect-reset-password-page').then((m) => m.RedirectResetPasswordPage),
  },
  {
    path: '/resetPassword',
    layout: 'normal',
    page: () => import('../features/password-reset/reset-password-page').then((m) => m.ResetPasswordPage),
  },
  {
    path: '/resetPassword/done',
    layout: 'normal',
    page: () =>
      import('../features/password-reset/reset-password-done-page').then((m) => m.ResetPasswordDonePage),
  },
  {
    path: '/saisonConnect',
    layout: 'normal',
    page: () => import('../features/card-link/saison-connect-page').then((m) => m.SaisonConnectPage),
  },
  {
    path: '/saisonConnect/error',
    layout: 'normal',
    page: () =>
      import('../features/card-link/saison-connect-error-page').then((m) => m.SaisonConnectErrorPage),
  },
  {
    path: '/saisonConnect/mfa',
    layout: 'normal',
    page: () => import('../features/card-link/saison-connect-mfa-page').then((m) => m.SaisonConnectMfaPage),
  },
  {
    path: '/saisonConnect/mfaError',
    layout: 'normal',
    page: () =>
      import('../features/card-link/saison-connect-mfa-error-page').then((m) => m.SaisonConnectMfaErrorPage),
  },
  {
    path: '/trading',
    layout: 'default',
    page: () => import('../features/trading/trading-page').then((m) => m.TradingPage),
  },
  {
    path: '/trading/buy/:code/input',
    layout: 'default',
    validate: hasFundCodeParam,
    page: () => import('../features/trading/buy-input-page').then((m) => m.BuyInputPage),
  },
  {
    path: '/trading/buy/:code/confirm',
    layout: 'default',
    validate: hasFundCodeParam,
    page: () => import('../features/trading/buy-confirm-page').then((m) => m.BuyConfirmPage),
  },
  {
    path: '/trading/sell/:code',
    layout: 'default',
    validate: hasFundCodeParam,
    page: () => import('../features/trading/sell-page').then((m) => m.SellPage),
  },
  {
    path: '/trading/monthlyDeposit',
    layout: 'normal',
    page: () => import('../features/trading/monthly-deposit-page').then((m) => m.MonthlyDepositPage),
  },
  {
    path: '/trading/scheduledBuy/:code/inputType',
    layout: 'default',
    validate: hasFundCodeParam,
    page: () =>
      import('../features/trading/scheduled-buy-input-type-page').then((m) => m.ScheduledBuyInputTypePage),
  },
  {
    path: '/trading/scheduledBuy/:code/inputAmount',
    layout: 'default',
    validate: hasFundCodeParam,
    page: () =>
      import('../features/trading/scheduled-buy-input-amount-page').then(
        (m) => m.ScheduledBuyInputAmountPage,
      ),
  },
  {
    path: '/trading/scheduledBuy/:code/confirm',
    layout: 'default',
    validate: hasFundCodeParam,
    page: () =>
      import('../features/trading/scheduled-buy-confirm-page').then((m) => m.ScheduledBuyConfirmPage),
  },
];

function toRouteObject({ path, page, validate }: PageRoute): RouteObject {
  return {
    path,
    lazy: { Component: page },
    ...(validate === undefined ? {} : { loader: pageValidationLoader(validate) }),
    shouldRevalidate: skipRevalidationForModal,
  };
}

function routesOf(layout: LayoutName): RouteObject[] {
  return pageRoutes.filter((route) => route.layout === layout).map(toRouteObject);
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
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      // last resort for an error in the shell itself
      ErrorBoundary: RouteErrorBoundary,
      children: [
        {
          id: 'pages',
          loader: sessionGateLoader,
          shouldRevalidate: sessionGateRevalidates,
          // errors of pages render here, inside the shell, so toasts and modals keep working
          ErrorBoundary: RouteErrorBoundary,
          HydrateFallback: InitialLoad,
          children: [
            { id: 'layout-default', Component: DefaultLayout, children: routesOf('default') },
            { id: 'layout-normal', Component: NormalLayout, children: routesOf('normal') },
            // the loader always throws; the component only keeps React Router from warning about a leaf without one
            { id: 'unknown-path', path: '*', loader: unknownPathLoader, Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}
