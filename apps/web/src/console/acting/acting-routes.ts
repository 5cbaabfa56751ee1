import type { PageLoad, PageModule } from '../../lib/routing/page-module';

/**
 * The customer's screens an operator views while acting for them (decision 024): the customer app's own
 * pages and loaders, unchanged, read-only. Paths are the customer app's, below the acting basename
 * (`/admin/customers/<baasId>`), so the pages' own links between them keep working. A screen is listed
 * once its write controls are marked (lib/read-only: `writes`, write screens) and nothing on it writes
 * by itself (a notice opened is not marked read); labels and order are the customer app's menu's.
 */
export interface ActingScreen {
  readonly path: string;
  /** The tab's label. */
  readonly label: string;
  readonly page: () => Promise<PageModule>;
  /** The page's loader, when it has one (お知らせ loads in the page). */
  readonly load?: () => Promise<PageLoad>;
}

export const actingScreens: readonly ActingScreen[] = [
  {
    path: '/',
    label: 'ホーム',
    page: () => import('../../features/home/home-page').then((m) => m.homePage),
    load: () => import('../../features/home/home-loader').then((m) => m.loadHomePage),
  },
  {
    path: '/assets',
    label: '資産状況',
    page: () => import('../../features/assets/assets-page').then((m) => m.assetsPage),
    load: () => import('../../features/assets/assets-loader').then((m) => m.loadAssetsPage),
  },
  {
    path: '/assets/nisaBalance',
    label: 'NISA口座',
    page: () => import('../../features/assets/nisa-balance-page').then((m) => m.nisaBalancePage),
    load: () => import('../../features/assets/nisa-balance-loader').then((m) => m.loadNisaBalancePage),
  },
  {
    path: '/cashflows',
    label: '入出金・取引履歴',
    page: () => import('../../features/cashflows/cashflows-page').then((m) => m.cashflowsPage),
    load: () => import('../../features/cashflows/cashflows-loader').then((m) => m.loadCashflowsPage),
  },
  {
    path: '/trading',
    label: '取引',
    page: () => import('../../features/trading/fund-list/trading-page').then((m) => m.tradingPage),
    load: () => import('../../features/trading/fund-list/trading-list-loader').then((m) => m.loadTradingPage),
  },
  {
    path: '/notifications',
    label: 'お知らせ',
    page: () =>
      import('../../features/notifications/notifications-page').then((m) => ({
        Component: m.NotificationsPage,
      })),
  },
  {
    path: '/mypage',
    label: 'マイページ',
    page: () => import('../../features/mypage/mypage-page').then((m) => m.myPage),
    // the customer-data calls only: the identity service's would ask the console for a customer sign-in
    load: () => import('../../features/mypage/mypage-loader').then((m) => m.loadMyPageAccountData),
  },
];
