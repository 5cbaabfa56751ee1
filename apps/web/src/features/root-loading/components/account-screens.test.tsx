import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountApi } from '../../../lib/api/services';
import { navigateTo } from '../../../lib/navigation/navigate-to';
import { createQueryClient } from '../../../lib/query/query-client';
import { useUiStore } from '../../../lib/store/ui-store';
import { ClosedAccountScreen, TRADE_REPORT_NOT_OPENED_MESSAGE } from './closed-account-screen';
import { confirmationFaqPaths, faqUrl, FirstUseConfirmation } from './first-use-confirmation';
import { LockedAccountScreen } from './locked-account-screen';
import type * as NavigateModule from '../../../lib/navigation/navigate-to';

vi.mock('../../../lib/api/services', () => ({
  accountApi: { get: vi.fn() },
  productApi: { get: vi.fn() },
  balanceApi: { get: vi.fn() },
}));

vi.mock('../../../lib/navigation/navigate-to', async (importOriginal) => ({
  ...(await importOriginal<typeof NavigateModule>()),
  navigateTo: vi.fn(() => true),
}));

const hashedUserId = 'b'.repeat(64);

function renderScreen(element: ReactElement, entry = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('locked account screen', () => {
  it('has the title, the text and the support block with mail and business hours', () => {
    renderScreen(<LockedAccountScreen />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(/^アカウントロックされています$/);
    expect(heading).toHaveFocus();
    expect(
      screen.getByText('お客さまの口座はアカウントロックされています。以下にお問い合わせください。'),
    ).toBeInTheDocument();
    const support = screen.getByRole('region', { name: 'お問い合わせ先' });
    expect(within(support).getByRole('link', { name: 'support@example.jp' })).toHaveAttribute(
      'href',
      'mailto:support@example.jp',
    );
    expect(within(support).getByRole('heading', { name: '営業時間' })).toBeInTheDocument();
    expect(within(support).getByText('9:00〜17:00')).toBeInTheDocument();
    expect(document.title).toBe('アカウントロックされています | 投資信託 オンラインサービス');
  });
});

describe('closed account screen', () => {
  it('has the title, the text and the button', () => {
    renderScreen(<ClosedAccountScreen />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^口座は閉鎖されています$/);
    expect(
      screen.getByText('お客さまの口座は閉鎖されています。電子交付書面は以下よりご覧ください。'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '電子交付書面を確認する' })).toHaveAccessibleDescription(
      '電子交付書面は別の画面（ブラウザ）で表示されます。',
    );
  });

  it('the button asks for the trade-report URL and opens it in a new window', async () => {
    const url = `${window.location.origin}/partners/trade-report/abc`;
    vi.mocked(accountApi.get).mockResolvedValue({ tradeReportUrl: url });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderScreen(<ClosedAccountScreen />);
    await userEvent.click(screen.getByRole('button', { name: '電子交付書面を確認する' }));
    expect(accountApi.get).toHaveBeenCalledWith('/v6/tradeReportUrl', expect.anything());
    expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener,noreferrer');
  });

  it('asks for a fresh link on every press', async () => {
    vi.mocked(accountApi.get).mockResolvedValue({ tradeReportUrl: `${window.location.origin}/r` });
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderScreen(<ClosedAccountScreen />);
    const button = screen.getByRole('button', { name: '電子交付書面を確認する' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(accountApi.get).toHaveBeenCalledTimes(2);
  });

  it('in the native app, the URL goes to the wrapper to open in the device browser', async () => {
    const url = `${window.location.origin}/partners/trade-report/abc`;
    vi.mocked(accountApi.get).mockResolvedValue({ tradeReportUrl: url });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const postMessage = vi.fn();
    vi.stubGlobal('ReactNativeWebView', { postMessage });
    window.localStorage.setItem('isNative', 'true');
    renderScreen(<ClosedAccountScreen />);
    await userEvent.click(screen.getByRole('button', { name: '電子交付書面を確認する' }));
    expect(postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'openExternalBrowser', url }));
    expect(open).not.toHaveBeenCalled();
  });

  it('a URL on a site the app may not open is refused with a message', async () => {
    vi.mocked(accountApi.get).mockResolvedValue({ tradeReportUrl: 'https://evil.example/report' });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderScreen(<ClosedAccountScreen />);
    await userEvent.click(screen.getByRole('button', { name: '電子交付書面を確認する' }));
    expect(open).not.toHaveBeenCalled();
    expect(useUiStore.getState().toast?.message).toBe(TRADE_REPORT_NOT_OPENED_MESSAGE);
  });

  it('a failed call opens nothing (the API client has shown its toast)', async () => {
    vi.mocked(accountApi.get).mockRejectedValue(new Error('API error 500-000'));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderScreen(<ClosedAccountScreen />);
    await userEvent.click(screen.getByRole('button', { name: '電子交付書面を確認する' }));
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '電子交付書面を確認する' })).not.toHaveAttribute('aria-busy');
  });
});

describe('first-use confirmation', () => {
  it('has the title and lists the six conditions, each with its FAQ link', () => {
    renderScreen(<FirstUseConfirmation hashedUserId={hashedUserId} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^ご利用前にご確認ください$/);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent('「低リスク・低リターン」');
    expect(items[1]).toHaveTextContent('日本以外');
    expect(items[2]).toHaveTextContent('米国籍');
    expect(items[2]).toHaveTextContent('永住権');
    expect(items[2]).toHaveTextContent('183日以上');
    expect(items[3]).toHaveTextContent('外国PEPs');
    expect(items[4]).toHaveTextContent('反社会的勢力');
    expect(items[5]).toHaveTextContent('契約締結前交付書面・総合取引約款・個人情報保護方針');
    for (const item of items) {
      const link = within(item).getByRole('link');
      expect(link.getAttribute('href')).toMatch(/^https:\/\/www\.example\.jp\/faq\/.+/);
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('an FAQ link opens through the external opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderScreen(<FirstUseConfirmation hashedUserId={hashedUserId} />);
    await userEvent.click(screen.getByRole('link', { name: /^外国PEPsについて/ }));
    expect(open).toHaveBeenCalledOnce();
    expect(open).toHaveBeenCalledWith(
      faqUrl(confirmationFaqPaths.foreignPeps),
      '_blank',
      'noopener,noreferrer',
    );
  });

  it('links to why the screen appears', () => {
    renderScreen(<FirstUseConfirmation hashedUserId={hashedUserId} />);
    expect(screen.getByRole('link', { name: /^この画面が表示される理由/ })).toHaveAttribute(
      'href',
      'https://www.example.jp/faq/reconfirmation/',
    );
  });

  it('the button clears the flag and goes to the account-update site with lastConfirmed, callbackUrl and hashed_user_id', async () => {
    window.localStorage.setItem('noConfirmed', 'false');
    renderScreen(<FirstUseConfirmation hashedUserId={hashedUserId} />, '/assets?tab=nisa&noConfirmed=false');
    await userEvent.click(screen.getByRole('button', { name: '該当しないことを確認しました' }));
    expect(window.localStorage.getItem('noConfirmed')).toBeNull();
    const target = new URL(String(vi.mocked(navigateTo).mock.calls[0]?.[0]));
    expect(`${target.origin}${target.pathname}`).toBe('http://localhost:3000/partners/account-update');
    expect([...target.searchParams]).toEqual([
      ['lastConfirmed', 'true'],
      ['callbackUrl', '/assets?tab=nisa'],
      ['hashed_user_id', hashedUserId],
    ]);
  });

  it('omits hashed_user_id when it is not known', async () => {
    renderScreen(<FirstUseConfirmation hashedUserId={undefined} />);
    await userEvent.click(screen.getByRole('button', { name: '該当しないことを確認しました' }));
    const target = new URL(String(vi.mocked(navigateTo).mock.calls[0]?.[0]));
    expect([...target.searchParams]).toEqual([
      ['lastConfirmed', 'true'],
      ['callbackUrl', '/'],
    ]);
  });
});
