import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../lib/navigation/external';
import { MaintenancePage } from './maintenance-page';
import { NotFoundPage } from './not-found-page';
import { RedirectPage } from './redirect-page';
import type * as ExternalModule from '../../lib/navigation/external';

vi.mock('../../lib/navigation/external', async (importOriginal) => ({
  ...(await importOriginal<typeof ExternalModule>()),
  reloadPage: vi.fn(),
}));

function renderInRouter(page: ReactElement) {
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: page }])} />);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('not-found page', () => {
  it('has the title, the text and the button to the top page', () => {
    renderInRouter(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^ページが見つかりません$/);
    expect(
      screen.getByText(
        'お探しのページは一時的にアクセスできない状況にあるか、移動もしくは削除された可能性があります。',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'トップページへ' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('ページが見つかりません | 投資信託 オンラインサービス');
  });
});

describe('redirect page', () => {
  it('has the title and the text and no button', () => {
    renderInRouter(<RedirectPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^リダイレクトしています$/);
    expect(screen.getByText('リダイレクト中です。画面はそのままでお待ちください。')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('maintenance page', () => {
  it('shows the notice under the Japanese heading ただいまメンテナンス中です', () => {
    renderInRouter(<MaintenancePage />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(/^ただいまメンテナンス中です$/);
    expect(heading).not.toHaveAttribute('lang');
    expect(screen.getByText('現在メンテナンス中です')).toBeInTheDocument();
    expect(document.title).toBe('現在メンテナンス中です | 投資信託 オンラインサービス');
  });

  it('lists the regular windows of spec §2', () => {
    renderInRouter(<MaintenancePage />);
    const rows = screen
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['平日・土曜・祝日', '3:30〜6:30（終了時刻は前後する場合があります）'],
      ['日曜', '3:30〜7:30'],
    ]);
  });

  it('links the news about the changed hours in a new window', () => {
    renderInRouter(<MaintenancePage />);
    const link = screen.getByRole('link', { name: /メンテナンス時間の変更についてのお知らせ/ });
    expect(link.closest('p')).toHaveTextContent('メンテナンス時間を変更しました。');
    expect(link).toHaveAttribute('href', 'https://www.example.jp/news/maintenance-hours/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('links the system maintenance news of the current year in Japan (31 Dec 2026 16:00 UTC is 2027 in JST)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T16:00:00Z'));
    renderInRouter(<MaintenancePage />);
    const link = screen.getByRole('link', { name: /2027年のシステムメンテナンスのお知らせ/ });
    expect(link).toHaveAttribute('href', 'https://www.example.jp/news/maintenance/2027/');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('reloads the page from 画面を再読み込みする', async () => {
    renderInRouter(<MaintenancePage />);
    await userEvent.click(screen.getByRole('button', { name: '画面を再読み込みする' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('has its windows in a titled section', () => {
    renderInRouter(<MaintenancePage />);
    const section = screen.getByRole('region', { name: '定期メンテナンスの時間' });
    expect(within(section).getAllByRole('term')).toHaveLength(2);
  });
});
