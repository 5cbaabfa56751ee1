import { createBrowserRouter, Outlet, useLocation, type RouteObject } from 'react-router';
import { ToastHost } from '../components/toast/toast-host';
import { AuditTrailPage } from './audit/audit-trail-page';
import { consoleBasename, ConsolePage } from './console-paths';
import { ConsoleHeader } from './layout/console-header';
import { CustomerSearchPage } from './search/customer-search-page';

function ConsoleFrame() {
  const { pathname } = useLocation();
  return (
    <div className="console">
      <ConsoleHeader current={pathname === ConsolePage.auditTrail ? 'audit' : 'search'} />
      <main className="console-main" id="main">
        <Outlet />
      </main>
      <ToastHost />
    </div>
  );
}

function ConsoleNotFound() {
  return (
    <>
      <h1 className="page-heading">ページが見つかりません</h1>
      <p>
        <a href={`${consoleBasename}/`}>お客さま検索へ</a>
      </p>
    </>
  );
}

export const consoleRoutes: RouteObject[] = [
  {
    Component: ConsoleFrame,
    children: [
      { path: ConsolePage.search, Component: CustomerSearchPage },
      { path: ConsolePage.auditTrail, Component: AuditTrailPage },
      { path: '*', Component: ConsoleNotFound },
    ],
  },
];

/** The console's own screens (search, audit trail) under `/admin`. */
export function createConsoleRouter() {
  return createBrowserRouter(consoleRoutes, { basename: consoleBasename });
}
