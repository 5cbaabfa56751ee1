import { SaisonConnectPath } from '@fund/contracts/paths';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../lib/navigation/browser-location';
import { cardLinkHandlers } from '../../test/msw/card-link-handlers';
import { answerFirstWith, apiServer } from '../../test/msw/server';
import { renderApp } from '../../test/render-app';

answerFirstWith(cardLinkHandlers);

const origin = window.location.origin;
let assign: ReturnType<typeof vi.spyOn>;
let replace: ReturnType<typeof vi.spyOn>;
/** The requests the link calls received. */
let calls: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
  calls = [];
  apiServer.events.on('request:start', async ({ request }) => {
    const path = new URL(request.url).pathname;
    if (path === SaisonConnectPath.authorizationToken || path === SaisonConnectPath.creditCard) {
      if (request.method === 'GET') return;
      calls.push({ method: request.method, path, body: await request.clone().json() });
    }
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  apiServer.events.removeAllListeners();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** Starts the link on /saisonConnect and answers the authorize URL the app sent the browser to. */
async function startLink(): Promise<URL> {
  const view = renderApp('/saisonConnect');
  await userEvent.click(
    await screen.findByRole('button', { name: 'カード会社のページへ進む' }, { timeout: 4000 }),
  );
  expect(assign).toHaveBeenCalledTimes(1);
  view.unmount();
  return new URL(String(assign.mock.calls[0]![0]));
}

describe('/saisonConnect: the card issuer’s authorize hand-off', () => {
  it('sends the customer to the authorize screen with client id, code, openid, a state and the /saisonConnect callback', async () => {
    const url = await startLink();
    expect(url.pathname).toBe('/partners/card-issuer/authorize');
    expect(url.searchParams.get('client_id')).toBe('fund-web-saison-connect');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid');
    expect(url.searchParams.get('redirect_uri')).toBe(`${origin}/saisonConnect`);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('on return with its state, exchanges the code and goes on to the MFA screen with a new state and the onetime token', async () => {
    const state = (await startLink()).searchParams.get('state')!;
    renderApp(`/saisonConnect?code=the-code&state=${state}`);
    await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: SaisonConnectPath.authorizationToken,
        body: { code: 'the-code', redirectUri: `${origin}/saisonConnect` },
      },
    ]);
    const mfa = new URL(String(replace.mock.calls[0]![0]));
    expect(mfa.pathname).toBe('/partners/card-issuer/mfa');
    expect(mfa.searchParams.get('onetime_token')).toBe('onetime-token-1');
    expect(mfa.searchParams.get('redirect_uri')).toBe(`${origin}/saisonConnect/mfa`);
    expect(mfa.searchParams.get('state')).not.toBe(state);
  });

  it('a tampered state never calls the server and lands on the error page', async () => {
    await startLink();
    const { router } = renderApp('/saisonConnect?code=the-code&state=tampered');
    expect(
      await screen.findByRole('heading', { name: '連携できませんでした' }, { timeout: 4000 }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('戻り先を確認できなかった');
    expect(router.state.location.pathname).toBe('/saisonConnect/error');
    expect(calls).toEqual([]);
    expect(replace).not.toHaveBeenCalled();
  });

  it('a state used once is not accepted twice (a replayed return)', async () => {
    const state = (await startLink()).searchParams.get('state')!;
    const first = renderApp(`/saisonConnect?code=the-code&state=${state}`);
    await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    first.unmount();
    renderApp(`/saisonConnect?code=the-code&state=${state}`);
    expect(
      await screen.findByRole('heading', { name: '連携できませんでした' }, { timeout: 4000 }),
    ).toBeVisible();
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['access_denied', 'カード会社のページで連携が許可されなかった'],
    ['temporarily_unavailable', 'メンテナンス中'],
  ])(
    'the issuer’s error=%s lands on the error page saying why, without a server call',
    async (error, text) => {
      const state = (await startLink()).searchParams.get('state')!;
      renderApp(`/saisonConnect?error=${error}&state=${state}`);
      expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(text);
      expect(calls).toEqual([]);
    },
  );

  it('a refused code (400-110) lands on the error page', async () => {
    apiServer.use(
      http.post(SaisonConnectPath.authorizationToken, () =>
        HttpResponse.json({ code: '400-110', message: 'refused' }, { status: 400 }),
      ),
    );
    const state = (await startLink()).searchParams.get('state')!;
    renderApp(`/saisonConnect?code=old&state=${state}`);
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'カードを連携できませんでした',
    );
  });
});

describe('/saisonConnect/mfa: the return from the issuer’s multi-factor step', () => {
  async function mfaState(): Promise<string> {
    const state = (await startLink()).searchParams.get('state')!;
    const view = renderApp(`/saisonConnect?code=the-code&state=${state}`);
    await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    view.unmount();
    calls = [];
    return new URL(String(replace.mock.calls[0]![0])).searchParams.get('state')!;
  }

  it('registers the card with the onetime token and shows it', async () => {
    const state = await mfaState();
    renderApp(`/saisonConnect/mfa?state=${state}`);
    expect(
      await screen.findByRole('heading', { name: 'カードを登録しました' }, { timeout: 4000 }),
    ).toBeVisible();
    expect(screen.getByText('**** **** **** 4021')).toBeVisible();
    expect(screen.getByText('セゾンカードインターナショナル')).toBeVisible();
    expect(calls).toEqual([
      { method: 'PUT', path: SaisonConnectPath.creditCard, body: { onetimeToken: 'onetime-token-1' } },
    ]);
  });

  it('a failed MFA (error=mfa_failed) lands on the MFA error page without registering', async () => {
    const state = await mfaState();
    const { router } = renderApp(`/saisonConnect/mfa?state=${state}&error=mfa_failed`);
    expect(
      await screen.findByRole('heading', { name: '本人認証できませんでした' }, { timeout: 4000 }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/saisonConnect/mfaError');
    expect(calls).toEqual([]);
  });

  it('a tampered MFA state lands on the error page without registering', async () => {
    await mfaState();
    renderApp('/saisonConnect/mfa?state=tampered');
    expect(
      await screen.findByRole('heading', { name: '連携できませんでした' }, { timeout: 4000 }),
    ).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('the server’s 400-111 (MFA not completed) lands on the MFA error page', async () => {
    apiServer.use(
      http.put(SaisonConnectPath.creditCard, () =>
        HttpResponse.json({ code: '400-111', message: 'mfa' }, { status: 400 }),
      ),
    );
    const state = await mfaState();
    renderApp(`/saisonConnect/mfa?state=${state}`);
    expect(
      await screen.findByRole('heading', { name: '本人認証できませんでした' }, { timeout: 4000 }),
    ).toBeVisible();
  });
});
