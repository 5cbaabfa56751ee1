import { PlansPath } from '@fund/contracts/paths';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiServer } from '../../../test/msw/server';
import { renderApp } from '../../../test/render-app';

// the whole app as a visitor without a session: nothing is stored before the page renders
vi.mock('../../../lib/auth/test/fake-session', () => ({ seedSignedInSession: () => undefined }));

afterEach(() => {
  apiServer.events.removeAllListeners();
  window.localStorage.clear();
});

describe('毎月の入金 signed out (the route skips the sign-in check; decision 015)', () => {
  it('explains the service and offers sign-in, calling no customer API', async () => {
    const calls: string[] = [];
    apiServer.events.on('request:start', ({ request }) => calls.push(new URL(request.url).pathname));
    renderApp('/trading/monthlyDeposit');
    expect(
      await screen.findByRole('button', { name: 'ログインして設定する' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/ご登録の銀行口座から決まった金額を引き落として/)).toBeInTheDocument();
    expect(screen.queryByText(/30,000円/)).not.toBeInTheDocument();
    expect(calls).not.toContain(PlansPath.monthlyDeposit);
  });

  it('shows the page in the plain frame with the service’s mark, without the signed-in navigation', async () => {
    renderApp('/trading/monthlyDeposit');
    await screen.findByRole('button', { name: 'ログインして設定する' }, { timeout: 4000 });
    expect(within(screen.getByRole('banner')).getByText('投資信託 オンラインサービス')).toBeInTheDocument();
    // the mark leads nowhere: the top page would only ask for a sign-in
    expect(within(screen.getByRole('banner')).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '主なページ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'メニュー' })).not.toBeInTheDocument();
  });
});
