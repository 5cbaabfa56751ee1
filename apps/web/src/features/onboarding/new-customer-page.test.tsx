import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { startSignIn } from '../../lib/auth/sign-in';
import { LocalKey } from '../../lib/auth/storage-keys';
import { browserLocation } from '../../lib/navigation/browser-location';
import { apiServer } from '../../test/msw/server';
import { renderApp } from '../../test/render-app';

// a visitor without a session: nothing is stored before the page renders
vi.mock('../../lib/auth/test/fake-session', () => ({ seedSignedInSession: () => undefined }));
vi.mock('../../lib/auth/sign-in', () => ({ startSignIn: vi.fn(() => Promise.resolve()) }));

const calls: string[] = [];
beforeEach(() => {
  calls.length = 0;
  apiServer.events.on('request:start', ({ request }) => calls.push(new URL(request.url).pathname));
});
afterEach(() => {
  apiServer.events.removeAllListeners();
  window.localStorage.clear();
  vi.restoreAllMocks();
  vi.mocked(startSignIn).mockClear();
});

async function openAccountFrom(entry: string): Promise<URL> {
  const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  renderApp(entry);
  await userEvent.click(await screen.findByRole('button', { name: '口座開設' }, { timeout: 4000 }));
  expect(assign).toHaveBeenCalledTimes(1);
  return new URL(String(assign.mock.calls[0]?.[0]));
}

describe('/new, the entry for a visitor without a sign-in (spec §2)', () => {
  it('says what the service is and offers 口座開設 and 口座をお持ちの方, calling no customer API', async () => {
    renderApp('/new');
    expect(
      await screen.findByRole('heading', { level: 1, name: '口座開設のお申し込み' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '投資信託 オンラインサービスとは' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '口座をお持ちの方' })).toBeInTheDocument();
    expect(calls.filter((path) => path.startsWith('/v1/') || path.startsWith('/v6/'))).toEqual([]);
  });

  it('hands the visitor to the account-opening site with the spec query: a kept temporary id and the ways back', async () => {
    const url = await openAccountFrom('/new');
    expect(`${url.origin}${url.pathname}`).toBe(env.accountOpeningUrl);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toEqual({
      temporaryUserId: window.localStorage.getItem(LocalKey.temporaryUserId),
      redirectToSignUp: `${env.identityApiBaseUrl}/signup`,
      redirectToUsernameSignin: `${window.location.origin}/redirect/openAccount`,
    });
    expect(query['temporaryUserId']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the same temporary id on a second visit, so the application continues', async () => {
    window.localStorage.setItem(LocalKey.temporaryUserId, '3f2b8c1e-7a4d-4e5f-9a6b-1c2d3e4f5a6b');
    const url = await openAccountFrom('/new');
    expect(url.searchParams.get('temporaryUserId')).toBe('3f2b8c1e-7a4d-4e5f-9a6b-1c2d3e4f5a6b');
  });

  it("passes an agency's 3-digit branch code on", async () => {
    expect((await openAccountFrom('/new?agencyBranchCode=123')).searchParams.get('agencyBranchCode')).toBe(
      '123',
    );
  });

  it('drops an agency branch code that is not 3 digits', async () => {
    const url = await openAccountFrom('/new?agencyBranchCode=12%22%3E');
    expect(url.searchParams.has('agencyBranchCode')).toBe(false);
  });

  it('sends a customer with an account to sign in, back to the home page', async () => {
    renderApp('/new');
    fireEvent.click(await screen.findByRole('button', { name: 'ログイン' }, { timeout: 4000 }));
    expect(startSignIn).toHaveBeenCalledWith({ returnTo: '/' });
  });
});
