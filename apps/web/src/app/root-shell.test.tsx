import type { AccountStatus, UnmaskedUser } from '@fund/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, type LoaderFunction } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageHeading } from '../components/page-heading/page-heading';
import { createRootLoadingCalls } from '../features/root-loading/root-loading-calls';
import type { RootLoadingCalls } from '../features/root-loading/root-loading';
import { fakeAccessToken } from '../lib/auth/test/fake-jwt';
import { writeTokenSet } from '../lib/auth/token-store';
import { navigateTo } from '../lib/navigation/navigate-to';
import { createQueryClient } from '../lib/query/query-client';
import { useUiStore } from '../lib/store/ui-store';
import { RootShell } from './root-shell';
import type * as NavigateModule from '../lib/navigation/navigate-to';

vi.mock('../features/root-loading/root-loading-calls', () => ({ createRootLoadingCalls: vi.fn() }));

vi.mock('../lib/navigation/navigate-to', async (importOriginal) => ({
  ...(await importOriginal<typeof NavigateModule>()),
  navigateTo: vi.fn(() => true),
}));

const hashedUserId = 'c'.repeat(64);
const apiError = (code: string) => Object.assign(new Error(`API error ${code}`), { status: 400, code });
const status = (equity: AccountStatus['status']['equity']): AccountStatus => ({
  status: { equity },
  hashedUserId,
});
const user = (lastConfirmedOn: string | null): UnmaskedUser => ({
  profile: { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ' },
  accountRole: 'ADULT',
  lastConfirmedOn,
  hashedUserId,
});

let calls: RootLoadingCalls;

beforeEach(() => {
  calls = {
    accountStatus: vi.fn(async () => status('OPEN')),
    tradingUserStatus: vi.fn(async () => ({ status: 'ACTIVE' as const })),
    informationBadge: vi.fn(async () => ({ data: { informations: { unreadAll: 1 } } })),
    informationOthersBadge: vi.fn(async () => ({ data: { informations: { unreadAll: 4 } } })),
    accounts: vi.fn(async () => ({ account: { branchCode: '123', customerCode: '1234567' } })),
    // confirmed recently: no confirmation unless a test says so
    unmaskedUser: vi.fn(async () => user('2099-01-01')),
    updateAccountRequests: vi.fn(async () => ({ updateAccountRequest: null })),
    prefetchForLaterScreens: vi.fn(),
  };
  vi.mocked(createRootLoadingCalls).mockImplementation(() => calls);
});

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

function Page({ title }: { readonly title: string }) {
  return (
    <main>
      <PageHeading title={title} />
    </main>
  );
}

function renderShell(entry: string, pagesLoader: LoaderFunction = () => null) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        Component: RootShell,
        children: [
          {
            id: 'pages',
            loader: pagesLoader,
            HydrateFallback: () => null,
            ErrorBoundary: () => <Page title="エラー" />,
            children: [
              { path: '/', element: <Page title="ホーム" /> },
              { path: '/assets', element: <Page title="資産状況" /> },
              { path: '/new', element: <Page title="口座開設のお申し込み" /> },
              { path: '/saisonConnect', element: <Page title="セゾンカードとの連携" /> },
              { path: '/saisonConnect/mfa', element: <Page title="本人認証" /> },
              { path: '/trading/monthlyDeposit', element: <Page title="毎月の入金" /> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return router;
}

const h1 = () => screen.queryByRole('heading', { level: 1 });
// the screens in place of the page (locked, closed, first-use) load on demand (decision 028): they are
// awaited the first time they show

describe('root shell: loading', () => {
  it('shows nothing but the busy overlay while loading, then the page', async () => {
    let answer: (value: AccountStatus) => void = () => undefined;
    calls.accountStatus = vi.fn(() => new Promise<AccountStatus>((resolve) => (answer = resolve)));
    renderShell('/');
    await vi.waitFor(() => expect(calls.accountStatus).toHaveBeenCalled());
    expect(h1()).toBeNull();
    expect(screen.getByTestId('busy-overlay')).toBeInTheDocument();
    await act(async () => answer(status('OPEN')));
    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeInTheDocument();
    expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument();
  });

  it('runs once, also under StrictMode, and sets the unread count and the session user', async () => {
    renderShell('/');
    await screen.findByRole('heading', { level: 1, name: 'ホーム' });
    expect(calls.accountStatus).toHaveBeenCalledOnce();
    expect(useUiStore.getState().unreadInformationCount).toBe(5);
    expect(JSON.parse(window.sessionStorage.getItem('fund.session.user') ?? 'null')).toEqual({
      name: '山田 太郎',
      branchCode: '123',
      accountNumber: '1234567',
      accountRole: 'ADULT',
    });
  });

  it('waits for the pages’ loaders (session gate) before calling', async () => {
    let pass: () => void = () => undefined;
    renderShell('/', () => new Promise((resolve) => (pass = () => resolve(null))));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(calls.accountStatus).not.toHaveBeenCalled();
    await act(async () => pass());
    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeInTheDocument();
    expect(calls.accountStatus).toHaveBeenCalledOnce();
  });

  it('does not run when the pages’ loader failed (e.g. maintenance): the error page stays', async () => {
    renderShell('/', () => {
      throw new Error('MAINTENANCE_ERROR');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'エラー' })).toBeInTheDocument();
    expect(calls.accountStatus).not.toHaveBeenCalled();
  });

  it.each(['/new', '/new/'])('is skipped on the excluded path %s', async (path) => {
    renderShell(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(calls.accountStatus).not.toHaveBeenCalled();
    expect(useUiStore.getState().busy).toBe(false);
  });

  it('runs when the customer goes from an excluded page to one that takes part', async () => {
    const router = renderShell('/new');
    await screen.findByRole('heading', { level: 1, name: '口座開設のお申し込み' });
    await act(async () => router.navigate('/assets'));
    expect(await screen.findByRole('heading', { level: 1, name: '資産状況' })).toBeInTheDocument();
    expect(calls.accountStatus).toHaveBeenCalledOnce();
  });
});

describe('root shell: account states', () => {
  it('CLOSE shows the closed-account screen and stops loading', async () => {
    calls.accountStatus = vi.fn(async () => status('CLOSE'));
    renderShell('/');
    expect(await screen.findByRole('heading', { level: 1, name: '口座は閉鎖されています' })).toHaveFocus();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(calls.unmaskedUser).not.toHaveBeenCalled();
  });

  it('NONE leaves for the account-opening site and shows nothing', async () => {
    calls.accountStatus = vi.fn(async () => status('NONE'));
    renderShell('/');
    await vi.waitFor(() => expect(navigateTo).toHaveBeenCalledOnce());
    const target = new URL(String(vi.mocked(navigateTo).mock.calls[0]?.[0]));
    expect(target.pathname).toBe('/partners/account-opening');
    expect(target.searchParams.get('hashed_user_id')).toBe(hashedUserId);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(h1()).toBeNull();
  });

  it('400-100 from the trading user status shows the locked-account screen', async () => {
    calls.tradingUserStatus = vi.fn(async () => Promise.reject(apiError('400-100')));
    renderShell('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'アカウントロックされています' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'ホーム' })).not.toBeInTheDocument();
  });

  it('any other failure is swallowed: the page shows', async () => {
    calls.tradingUserStatus = vi.fn(async () => Promise.reject(apiError('400-000')));
    calls.unmaskedUser = vi.fn(async () => Promise.reject(apiError('400-666')));
    renderShell('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeInTheDocument();
  });
});

// issue 25: a locked or a closed customer saw the whole 毎月の入金 form and linked a card on /saisonConnect,
// pages that skip the root loading; there the shell checks the account's state alone
describe('root shell: account states on the pages that skip the root loading', () => {
  const signIn = () =>
    writeTokenSet({ access_token: fakeAccessToken(600), token_type: 'Bearer', refresh_token: 'refresh' });

  it.each(['/trading/monthlyDeposit', '/saisonConnect', '/saisonConnect/mfa'])(
    'a locked customer sees the locked-account screen on %s, not the page',
    async (path) => {
      signIn();
      calls.tradingUserStatus = vi.fn(async () => Promise.reject(apiError('400-100')));
      renderShell(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'アカウントロックされています' }),
      ).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    },
  );

  it.each(['/trading/monthlyDeposit', '/saisonConnect'])(
    'a closed customer sees the closed-account screen on %s, not the page',
    async (path) => {
      signIn();
      calls.accountStatus = vi.fn(async () => status('CLOSE'));
      renderShell(path);
      expect(await screen.findByRole('heading', { level: 1, name: '口座は閉鎖されています' })).toHaveFocus();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    },
  );

  it('an open customer gets the page after the check alone: no badges, no user, no confirmation', async () => {
    signIn();
    renderShell('/saisonConnect');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'セゾンカードとの連携' }),
    ).toBeInTheDocument();
    expect(calls.accountStatus).toHaveBeenCalledOnce();
    expect(calls.tradingUserStatus).toHaveBeenCalledOnce();
    expect(calls.informationBadge).not.toHaveBeenCalled();
    expect(calls.unmaskedUser).not.toHaveBeenCalled();
    expect(useUiStore.getState().busy).toBe(false);
  });

  it('a visitor without a session on 毎月の入金 is never asked about: the page, no call', async () => {
    renderShell('/trading/monthlyDeposit');
    expect(await screen.findByRole('heading', { level: 1, name: '毎月の入金' })).toBeInTheDocument();
    expect(calls.accountStatus).not.toHaveBeenCalled();
    expect(calls.tradingUserStatus).not.toHaveBeenCalled();
  });
});

describe('root shell: screen priority', () => {
  it('locked over closed over first-use confirmation over the page', async () => {
    calls.unmaskedUser = vi.fn(async () => user(null));
    renderShell('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ご利用前にご確認ください' }),
    ).toBeInTheDocument();
    act(() => useUiStore.getState().setAccountClosed(true));
    expect(
      await screen.findByRole('heading', { level: 1, name: '口座は閉鎖されています' }),
    ).toBeInTheDocument();
    act(() => useUiStore.getState().setAccountLocked(true));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'アカウントロックされています' }),
    ).toBeInTheDocument();
    act(() => useUiStore.getState().setAccountClosed(false));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'アカウントロックされています' }),
    ).toBeInTheDocument();
    act(() => useUiStore.getState().setAccountLocked(false));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ご利用前にご確認ください' }),
    ).toBeInTheDocument();
  });

  it('an API answer of 503 shows the maintenance page above all', async () => {
    renderShell('/');
    await screen.findByRole('heading', { level: 1, name: 'ホーム' });
    act(() => {
      useUiStore.getState().setAccountLocked(true);
      useUiStore.getState().setMaintenance(true);
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ただいまメンテナンス中です' }),
    ).toBeInTheDocument();
  });
});

describe('root shell: the screens in place of the page carry the service mark', () => {
  /** The banner with the service name as text beside a hidden logo, and no link: / would show the same screen. */
  function expectServiceMark() {
    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent('投資信託 オンラインサービス');
    expect(banner.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
  }

  it('on the first-use confirmation, the closed, the locked and the maintenance screen', async () => {
    calls.unmaskedUser = vi.fn(async () => user(null));
    renderShell('/');
    await screen.findByRole('heading', { level: 1, name: 'ご利用前にご確認ください' });
    expectServiceMark();
    act(() => useUiStore.getState().setAccountClosed(true));
    expect(
      await screen.findByRole('heading', { level: 1, name: '口座は閉鎖されています' }),
    ).toBeInTheDocument();
    expectServiceMark();
    act(() => useUiStore.getState().setAccountLocked(true));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'アカウントロックされています' }),
    ).toBeInTheDocument();
    expectServiceMark();
    act(() => useUiStore.getState().setMaintenance(true));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ただいまメンテナンス中です' }),
    ).toBeInTheDocument();
    expectServiceMark();
  });
});

describe('root shell: first-use confirmation', () => {
  it('is shown when due and sets noConfirmed to false', async () => {
    calls.unmaskedUser = vi.fn(async () => user('2020-01-01'));
    renderShell('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ご利用前にご確認ください' }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('noConfirmed')).toBe('false');
  });

  it.each(['true', 'false'])('?noConfirmed=%s suppresses it and stores the flag', async (value) => {
    calls.unmaskedUser = vi.fn(async () => user('2020-01-01'));
    renderShell(`/?noConfirmed=${value}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeInTheDocument();
    expect(window.localStorage.getItem('noConfirmed')).toBe(value);
    expect(calls.updateAccountRequests).not.toHaveBeenCalled();
  });

  it('a pending update-account request suppresses it', async () => {
    calls.unmaskedUser = vi.fn(async () => user('2020-01-01'));
    calls.updateAccountRequests = vi.fn(async () => ({
      updateAccountRequest: {
        id: '6f1d3c1e-2b7a-4b8e-9a55-0d1f2e3c4b5a',
        kind: 'NAME' as const,
        requestedAt: '2026-11-01T10:00:00+09:00',
      },
    }));
    renderShell('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeInTheDocument();
    expect(window.localStorage.getItem('noConfirmed')).toBeNull();
  });
});
