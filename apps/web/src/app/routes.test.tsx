import { http, HttpResponse } from 'msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../lib/navigation/browser-location';
import { useUiStore } from '../lib/store/ui-store';
import { renderApp } from '../test/render-app';
import { pageRoutes } from './routes';
import { apiServer } from '../test/msw/server';

/**
 * Spec §2's routes with the titles the issue gives, and the layout each one is meant to use; and
 * /assets/totalReturn, the トータルリターン every Japanese fund seller must show (issue 28).
 */
const expectedPages = [
  ['/', 'ホーム', 'default'],
  ['/assets', '資産状況', 'default'],
  ['/assets/nisaBalance', 'NISA口座の残高', 'default'],
  ['/assets/totalReturn', 'トータルリターン', 'default'],
  ['/cashflows', '入出金', 'default'],
  ['/mypage', 'マイページ', 'default'],
  ['/mypage/changeAgent', '代理人の変更', 'default'],
  ['/new', '口座開設のお申し込み', 'normal'],
  ['/notifications', 'お知らせ', 'default'],
  ['/redirect/openAccount', 'リダイレクトしています', 'normal'],
  ['/redirect/resetPassword', 'リダイレクトしています', 'normal'],
  ['/resetPassword', 'パスワードの再設定', 'normal'],
  ['/resetPassword/done', 'パスワードの再設定が完了しました', 'normal'],
  ['/saisonConnect', 'セゾンカードとの連携', 'normal'],
  ['/saisonConnect/error', '連携できませんでした', 'normal'],
  ['/saisonConnect/mfa', '本人認証', 'normal'],
  ['/saisonConnect/mfaError', '本人認証できませんでした', 'normal'],
  ['/trading', '取引', 'default'],
  ['/trading/buy/AB12/input', '購入金額の入力', 'default'],
  ['/trading/buy/AB12/confirm', '購入内容の確認', 'default'],
  ['/trading/sell/AB12', '売却', 'default'],
  // the session layout: signed in (as here) the default frame; signed out, see monthly-deposit-signed-out
  ['/trading/monthlyDeposit', '毎月の入金', 'default'],
  ['/trading/scheduledBuy/AB12/inputType', '積立方法の選択', 'default'],
  // opened from the step before it, with that step's choices (without them it sends the customer back)
  [
    '/trading/scheduledBuy/AB12/inputAmount?pay=ACCOUNT_TRANSFER&account=specific',
    '積立金額の入力',
    'default',
  ],
  ['/trading/scheduledBuy/AB12/confirm', '積立内容の確認', 'default'],
] as const;

describe('the route table', () => {
  it('has exactly the 24 routes of spec §2 and トータルリターン, each loaded on demand', () => {
    expect(pageRoutes.map((route) => route.path)).toEqual(
      expectedPages.map(([path]) => path.replace('/AB12', '/:code').replace(/\?.*$/, '')),
    );
    expect(pageRoutes).toHaveLength(25);
  });

  // the redirect landings go on at once (to /resetPassword, to the sign-in), and so does the card issuer's
  // MFA return without this tab's state (to its error page): their own tests follow them
  // (features/password-reset/password-reset-pages.test.tsx, features/card-link/card-link-pages.test.tsx)
  const landings: ReadonlySet<string> = new Set([
    '/redirect/openAccount',
    '/redirect/resetPassword',
    '/saisonConnect/mfa',
  ]);
  const staying = expectedPages.filter(([path]) => !landings.has(path));

  it.each(staying)('%s shows its title %s as the h1 in the %s layout', async (path, title, layout) => {
    renderApp(path);
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    expect(heading).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(`${title} | 投資信託 オンラインサービス`));
    if (layout === 'default') {
      expect(within(screen.getByRole('banner')).getByText('投資信託 オンラインサービス')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'メニュー' })).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    } else {
      expect(screen.queryByRole('banner')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'メニュー' })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('main')).toContainElement(heading);
  });
});

describe('page validation of the fund code', () => {
  it('raises Page Not Found with the path for /trading/buy/!!/input and shows the not-found page', async () => {
    const { router } = renderApp('/trading/buy/!!/input');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    ).toBeInTheDocument();
    const errors = Object.values(router.state.errors ?? {});
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ status: 404, message: 'Page Not Found: /trading/buy/!!/input' });
    expect(screen.queryByRole('heading', { name: '購入金額の入力' })).not.toBeInTheDocument();
  });

  it.each([
    '/trading/sell/ab12',
    '/trading/scheduledBuy/ABCDEFGHIJKLM/confirm',
    '/trading/buy/%E3%81%82/confirm',
  ])('refuses %s', async (path) => {
    renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    ).toBeInTheDocument();
  });
});

describe('an unknown path', () => {
  it('shows the not-found page, raised as Page Not Found with the path', async () => {
    const { router } = renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    ).toBeInTheDocument();
    expect(Object.values(router.state.errors ?? {})[0]).toMatchObject({
      message: 'Page Not Found: /no/such/page',
    });
  });

  it('leads back to the top page with its button', async () => {
    const { router } = renderApp('/no/such/page');
    const toTop = await screen.findByRole('link', { name: 'トップページへ' });
    act(() => toTop.click());
    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

/**
 * Opens the side menu and returns it. The shell renders once more after its first paint (root loading), and
 * a click on the toggle of the first render can be lost on a busy machine: click again until it is open.
 */
async function openMenu(): Promise<HTMLElement> {
  await waitFor(() => {
    const toggle = screen.getByRole('button', { name: 'メニュー' });
    if (toggle.getAttribute('aria-expanded') !== 'true') act(() => toggle.click());
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
  return screen.findByRole('navigation', { name: 'メニュー' });
}

describe('the shell', () => {
  it("starts the root loading's calls in one round with the page's, and the shell reads them from the cache: each call once", async () => {
    const events: string[] = [];
    const isRootCall = (path: string) =>
      /^\/v6\/(accountStatus|accounts|unmaskedUsers)$|^\/v1\/(wb4UserStatus|badges\/\w+)$/.test(path);
    const onStart = ({ request }: { request: Request }) => {
      const path = new URL(request.url).pathname;
      if (isRootCall(path)) events.push(`start ${path}`);
    };
    const onEnd = ({ request }: { request: Request }) => {
      const path = new URL(request.url).pathname;
      if (isRootCall(path)) events.push(`end ${path}`);
    };
    apiServer.events.on('request:start', onStart);
    apiServer.events.on('response:mocked', onEnd);
    try {
      renderApp('/');
      await screen.findByRole('heading', { level: 1, name: 'ホーム' });
      await waitFor(() => expect(useUiStore.getState().unreadInformationCount).toBe(3));
      const starts = events.filter((event) => event.startsWith('start '));
      expect(starts.map((event) => event.slice(6)).sort()).toEqual([
        '/v1/badges/information',
        '/v1/badges/informationOthers',
        '/v1/wb4UserStatus',
        '/v6/accountStatus',
        '/v6/accounts',
        '/v6/unmaskedUsers',
      ]);
      // one round: every call has started before the first answer (without the prefetch the sequence
      // waits for the account status before it asks the rest)
      expect(events.findIndex((event) => event.startsWith('end '))).toBeGreaterThanOrEqual(starts.length);
    } finally {
      apiServer.events.removeListener('request:start', onStart);
      apiServer.events.removeListener('response:mocked', onEnd);
    }
  });

  it('opens the help modal from the URL over an inert page', async () => {
    renderApp('/?modal=help');
    const dialog = await screen.findByRole('dialog', { name: 'ヘルプ' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await screen.findByRole('heading', { level: 1, name: 'ホーム', hidden: true });
    expect(document.querySelector('.app')).toHaveAttribute('inert');
  });

  it('moves to a new page with the side menu, which then closes', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'ホーム' });
    expect(screen.getByRole('button', { name: 'メニュー' })).toHaveAttribute('aria-expanded', 'false');
    const menu = await openMenu();
    const toggle = screen.getByRole('button', { name: 'メニュー' });
    act(() => within(menu).getByRole('link', { name: '取引' }).click());
    expect(await screen.findByRole('heading', { level: 1, name: '取引' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/trading');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });

  it('signs out from the side menu even when the identity service cannot be reached: both storages cleared, then the page reloads', async () => {
    apiServer.use(http.get('*/oidc/.well-known/openid-configuration', () => HttpResponse.error()));
    const reload = vi.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'ホーム' });
    sessionStorage.setItem('left-behind', 'x');
    const menu = await openMenu();
    act(() => within(menu).getByRole('button', { name: 'ログアウト' }).click());
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect([localStorage.length, sessionStorage.length]).toEqual([0, 0]);
  });

  it('covers the page with the busy overlay while the busy flag is set', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'ホーム' });
    expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument();

    act(() => useUiStore.getState().setBusy(true));

    expect(screen.getByTestId('busy-overlay')).toHaveAttribute('aria-busy', 'true');
    expect(document.querySelector('.app')).toHaveAttribute('aria-busy', 'true');
    act(() => useUiStore.getState().setBusy(false));
    expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument();
  });

  it('shows toasts over every page', async () => {
    renderApp('/new');
    await screen.findByRole('heading', { level: 1, name: '口座開設のお申し込み' });
    act(() => useUiStore.getState().showToast('ネットワークエラーが発生しました。'));
    expect(screen.getByTestId('toast')).toHaveTextContent('ネットワークエラーが発生しました。');
  });

  it('shows the unread count on お知らせ in the side menu', async () => {
    act(() => useUiStore.getState().setUnreadInformationCount(3));
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'ホーム' });
    const menu = await openMenu();
    expect(within(menu).getByRole('link', { name: /お知らせ/ })).toHaveTextContent('お知らせ未読3件');
  });

  it('opens the native-update modal when its flag is raised; updating opens the store page and lowers the flag', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'ホーム' });

    act(() => useUiStore.getState().setNativeUpdateModalShown(true));

    expect(await screen.findByRole('dialog', { name: 'アプリを更新してください' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?modal=nativeUpdate');
    await user.click(screen.getByRole('button', { name: 'アプリを更新する' }));
    expect(open).toHaveBeenCalledWith('https://www.example.jp/app/', '_blank', 'noopener,noreferrer');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useUiStore.getState().nativeUpdateModalShown).toBe(false);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('lowers the native-update flag when the modal is dismissed', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'ホーム' });
    act(() => useUiStore.getState().setNativeUpdateModalShown(true));
    await screen.findByRole('dialog', { name: 'アプリを更新してください' });

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useUiStore.getState().nativeUpdateModalShown).toBe(false);
  });
});
