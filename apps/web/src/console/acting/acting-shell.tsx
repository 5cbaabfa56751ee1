import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Button } from '../../components/button/button';
import { ToastHost } from '../../components/toast/toast-host';
import { ActingAccountRoleContext } from '../../lib/auth/use-account-role';
import { reloadPage } from '../../lib/navigation/external';
import { ReadOnlyContext } from '../../lib/read-only/read-only';
import { useUiStore } from '../../lib/store/ui-store';
import { accountRoleLabel, customerName } from '../console-labels';
import { consoleBasename } from '../console-paths';
import { ConsoleHeader } from '../layout/console-header';
import { actingScreens } from './acting-routes';
import { openedCustomerQuery, type OpenedCustomer } from './opened-customer';
import { useActingUnreadCount } from './use-acting-unread-count';

/** 「…さまの画面を閲覧しています」: whom the operator acts for, on every acting screen (spec §6). */
export function ActingBanner({ opened }: { readonly opened: Extract<OpenedCustomer, { kind: 'opened' }> }) {
  const { customer } = opened;
  return (
    <section className="acting-banner" aria-label="代理閲覧中のお客さま">
      <p className="acting-banner__who">
        <strong>{customerName(customer)} さま</strong>（口座番号 {customer.accountNumber}・
        {accountRoleLabel[customer.accountRole]}・部店 {customer.branchCode}）の画面を代理で閲覧しています。
      </p>
      <p className="acting-banner__note">閲覧のみです。お取引・設定の変更などの操作はできません。</p>
    </section>
  );
}

function Refused({ message }: { readonly message: string }) {
  return (
    <section className="console-page" aria-labelledby="acting-refused-title">
      <h1 id="acting-refused-title" className="page-heading">
        お客さまの画面を開けません
      </h1>
      <p role="alert">{message === '' ? 'このお客さまの代理操作は許可されていません。' : message}</p>
      <p>
        <a href={`${consoleBasename}/`}>お客さま検索へ戻る</a>
      </p>
    </section>
  );
}

/**
 * The customer's calls answered 503-000 (spec §8): the customer API is closed for maintenance, while the
 * console's own calls (search, the opened customer, the audit trail) stay open for the call centre. The
 * customer's screens would only show their load errors, so the operator is told why instead.
 */
function ActingMaintenance() {
  return (
    <section className="console-page" aria-labelledby="acting-maintenance-title">
      <h1 id="acting-maintenance-title" className="page-heading">
        ただいまメンテナンス中です
      </h1>
      <p role="alert">
        お客さま向けのサービスがメンテナンス中のため、お客さまの画面を表示できません。メンテナンスの終了後に、画面を再読み込みしてください。
      </p>
      <Button variant="outline" onClick={reloadPage}>
        再読み込み
      </Button>
    </section>
  );
}

/**
 * The frame of the acting screens: the console's header, the banner, the screens' tabs, and the
 * customer's page, read-only. For a customer the operator may not serve, only the refusal: none of the
 * customer's screens (nor their calls) run.
 */
export function ActingShell({ baasId }: { readonly baasId: string }) {
  const opened = useQuery(openedCustomerQuery(baasId)).data;
  const { pathname } = useLocation();
  const maintenance = useUiStore((state) => state.maintenance);
  useActingUnreadCount(opened?.kind === 'opened' && !maintenance);
  return (
    <div className="console">
      <ConsoleHeader />
      <main className="console-main" id="main">
        {opened === undefined ? null : opened.kind === 'refused' ? (
          <Refused message={opened.message} />
        ) : opened.kind === 'failed' ? (
          <p role="alert">お客さまの情報を読み込めませんでした。画面を再読み込みしてください。</p>
        ) : (
          <>
            <ActingBanner opened={opened} />
            <nav aria-label="お客さまの画面" className="acting-tabs">
              {actingScreens.map((screen) => (
                <NavLink key={screen.path} to={screen.path} end>
                  {screen.label}
                </NavLink>
              ))}
            </nav>
            <ReadOnlyContext value={true}>
              <ActingAccountRoleContext value={opened.customer.accountRole}>
                <div className="acting-page" key={pathname}>
                  {maintenance ? <ActingMaintenance /> : <Outlet />}
                </div>
              </ActingAccountRoleContext>
            </ReadOnlyContext>
          </>
        )}
      </main>
      <ToastHost />
    </div>
  );
}

/** A screen of the customer app that the console does not show (a write flow, a setting). */
export function ActingUnavailablePage() {
  return (
    <section className="console-page" aria-labelledby="acting-unavailable-title">
      <h1 id="acting-unavailable-title" className="page-heading" tabIndex={-1}>
        この画面は代理閲覧では表示できません
      </h1>
      <p>
        代理閲覧で表示できるのは、{actingScreens.map((screen) => screen.label).join('、')}
        です。上のタブからお選びください。
      </p>
    </section>
  );
}
