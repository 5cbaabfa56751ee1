import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '../../lib/store/ui-store';
import { renderApp } from '../../test/render-app';

const tabBar = () => screen.getByRole('navigation', { name: '主なページ' });

/** The tab links and the state each one shows: [label, aria-current or null]. */
function tabStates(): [string, string | null][] {
  return within(tabBar())
    .getAllByRole('link')
    .map((link) => [
      link.querySelector('.tab-bar__label')?.textContent ?? '',
      link.getAttribute('aria-current'),
    ]);
}

async function openPage(path: string, title: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: title });
  return view;
}

/** The root loading sets the unread count from the fake API (2 + 1); a test's own count comes after it. */
async function settleRootLoading() {
  await waitFor(() => expect(useUiStore.getState().unreadInformationCount).toBe(3));
}

describe('the default layout header', () => {
  it('shows the logo and the service name as one link to the top page, the logo hidden', async () => {
    await openPage('/assets', '資産状況');
    const home = within(screen.getByRole('banner')).getByRole('link');
    expect(home).toHaveAccessibleName('投資信託 オンラインサービス');
    expect(home).toHaveAttribute('href', '/');
    expect(home.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('has no menu button of its own: the tab bar holds the one way to the side menu', async () => {
    await openPage('/', 'ホーム');
    expect(within(screen.getByRole('banner')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'メニュー' })).toHaveLength(1);
  });
});

describe('the bottom tab bar', () => {
  it.each([
    ['/', 'ホーム', 'ホーム', 'page'],
    ['/assets', '資産状況', '資産', 'page'],
    ['/assets/nisaBalance', 'NISA口座の残高', '資産', 'true'],
    ['/cashflows', '入出金', '資産', 'true'],
    ['/trading', '取引', '取引', 'page'],
    ['/trading/buy/AB12/input', '購入金額の入力', '取引', 'true'],
    ['/notifications', 'お知らせ', 'お知らせ', 'page'],
  ])('on %s (%s) marks %s as current (aria-current=%s)', async (path, title, tab, current) => {
    await openPage(path, title);
    const expected = ['ホーム', '資産', '取引', 'お知らせ'].map((label) => [
      label,
      label === tab ? current : null,
    ]);
    expect(tabStates()).toEqual(expected);
  });

  it('marks no tab on マイページ, which is reached through メニュー', async () => {
    await openPage('/mypage', 'マイページ');
    expect(tabStates().every(([, current]) => current === null)).toBe(true);
  });

  it('links each tab to its page', async () => {
    await openPage('/', 'ホーム');
    const hrefs = within(tabBar())
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/', '/assets', '/trading', '/notifications']);
  });

  it('announces the unread count on お知らせ and shows it as a badge', async () => {
    await openPage('/', 'ホーム');
    await settleRootLoading();
    act(() => useUiStore.getState().setUnreadInformationCount(3));
    const notices = within(tabBar()).getByRole('link', { name: /^お知らせ ?未読3件$/ });
    expect(notices.querySelector('.tab-bar__badge')).toHaveTextContent(/^3$/);
  });

  it('caps the badge at 99+ while the name keeps the real count', async () => {
    await openPage('/', 'ホーム');
    await settleRootLoading();
    act(() => useUiStore.getState().setUnreadInformationCount(120));
    const notices = within(tabBar()).getByRole('link', { name: /^お知らせ ?未読120件$/ });
    expect(notices.querySelector('.tab-bar__badge')).toHaveTextContent(/^99\+$/);
  });

  it('shows no badge and names お知らせ plainly when everything is read', async () => {
    await openPage('/', 'ホーム');
    await settleRootLoading();
    act(() => useUiStore.getState().setUnreadInformationCount(0));
    const notices = within(tabBar()).getByRole('link', { name: 'お知らせ' });
    expect(notices.querySelector('.tab-bar__badge')).toBeNull();
  });

  it('メニュー opens the side menu it controls; Escape closes it and gives the focus back', async () => {
    const user = userEvent.setup();
    await openPage('/', 'ホーム');
    const menuButton = within(tabBar()).getByRole('button', { name: 'メニュー' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveAttribute('aria-controls', 'side-menu');
    // the shell renders once more after its first paint; a click on the first render can be lost
    await waitFor(async () => {
      if (menuButton.getAttribute('aria-expanded') !== 'true') await user.click(menuButton);
      expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    });
    const menu = screen.getByRole('navigation', { name: 'メニュー' });
    expect(screen.getByRole('dialog', { name: 'メニュー' })).toHaveAttribute('id', 'side-menu');
    // keyboard: the focus moves into the menu it opened
    expect(within(menu).getByRole('link', { name: 'ホーム' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
    expect(screen.queryByRole('navigation', { name: 'メニュー' })).not.toBeInTheDocument();
  });
});

// the whole home page renders before the menu opens: seconds on a busy machine
/** The side menu opened, and opened again if the frame closed it on mounting again (default-layout.tsx). */
function openedSideMenu() {
  return waitFor(
    () => {
      if (!useUiStore.getState().sideMenuShown) act(() => useUiStore.getState().setSideMenuShown(true));
      return screen.getByRole('navigation', { name: 'メニュー' });
    },
    { timeout: 8000 },
  );
}

describe('the side menu', { timeout: 20_000 }, () => {
  it('lists every page of the signed-in navigation in its groups, then ログアウト', async () => {
    await openPage('/', 'ホーム');
    const menu = await openedSideMenu();
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => [link.firstChild?.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['ホーム', '/'],
      ['資産状況', '/assets'],
      ['NISA口座の状況', '/assets/nisaBalance'],
      ['入出金・取引履歴', '/cashflows'],
      ['取引', '/trading'],
      ['毎月の入金', '/trading/monthlyDeposit'],
      ['お知らせ', '/notifications'],
      ['マイページ', '/mypage'],
      ['代理人の変更', '/mypage/changeAgent'],
    ]);
    expect(within(menu).getByRole('list', { name: '資産' })).toBeInTheDocument();
    expect(within(menu).getByRole('list', { name: '取引' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'ログアウト' })).toBeInTheDocument();
  });

  it('marks only the page itself as current, not its parent page', async () => {
    await openPage('/mypage/changeAgent', '代理人の変更');
    const menu = await openedSideMenu();
    expect(within(menu).getByRole('link', { name: '代理人の変更' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'マイページ' })).not.toHaveAttribute('aria-current');
  });
});
