import type { PageLoad, PageModule } from '../../lib/routing/page-module';

/**
 * The customer's screens an operator views while acting for them (decision 024): the customer app's own
 * pages and loaders, unchanged, read-only. Paths are the customer app's, below the acting basename
 * (`/admin/customers/<baasId>`), so the pages' own links between them keep working.
 */
export interface ActingScreen {
  readonly path: string;
  /** The tab's label. */
  readonly label: string;
  readonly page: () => Promise<PageModule>;
  readonly load: () => Promise<PageLoad>;
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
];
