import { beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { codeChallengeS256 } from './pkce';
import { readSignInStateExtra } from './sign-in-state';
import { LocalKey, SessionKey } from './storage-keys';
import { endpoints, installFakeProvider } from './test/fake-identity-provider';

/** Fresh modules for every test: the discovery cache and the one-departure guard are per page load. */
async function loadSignIn() {
  vi.resetModules();
  const { browserLocation } = await import('../navigation/browser-location');
  const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
  vi.spyOn(browserLocation, 'currentPath').mockReturnValue('/trading?tab=1#funds');
  return { ...(await import('./sign-in')), ...(await import('./oidc-client')), assign, replace };
}

function assignedUrl(assign: { mock: { calls: unknown[][] } }): URL {
  expect(assign).toHaveBeenCalledTimes(1);
  return new URL(String(assign.mock.calls[0]?.[0]));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('leaving for sign-in (spec §4 step 1)', () => {
  it('goes to the authorization endpoint with PKCE S256, prompt=login and the account-number sign-in page', async () => {
    installFakeProvider();
    const { startSignIn, assign } = await loadSignIn();
    await startSignIn();

    const url = assignedUrl(assign);
    expect(`${url.origin}${url.pathname}`).toBe(endpoints.authorization);
    const params = Object.fromEntries(url.searchParams);
    const verifier = localStorage.getItem(LocalKey.codeVerifier)!;
    expect(verifier).toHaveLength(64);
    expect(params).toEqual({
      client_id: env.oidcClientId,
      redirect_uri: env.oidcRedirectUri,
      response_type: 'code',
      scope: 'openid offline user.write',
      code_challenge: await codeChallengeS256(verifier),
      code_challenge_method: 'S256',
      state: localStorage.getItem(LocalKey.state),
      prompt: 'login',
      sign_in_mode: 'accountNumber',
    });
  });

  it('carries the current path, query and hash in the state to come back to', async () => {
    installFakeProvider();
    const { startSignIn, assign } = await loadSignIn();
    await startSignIn();
    const state = assignedUrl(assign).searchParams.get('state')!;
    expect(readSignInStateExtra(state)).toEqual({ returnTo: '/trading?tab=1#funds' });
  });

  it('asks the sign-in page to fill in a 口座番号 handed back, and leaves out anything that is not one', async () => {
    installFakeProvider();
    const first = await loadSignIn();
    await first.startSignIn({ loginHint: '1000003' });
    expect(assignedUrl(first.assign).searchParams.get('login_hint')).toBe('1000003');

    const second = await loadSignIn();
    await second.startSignIn({ loginHint: '1000003"><script>' });
    expect(assignedUrl(second.assign).searchParams.has('login_hint')).toBe(false);
  });

  it('asks for user.session.revoke.self only when global sign-out is on (spec §6)', async () => {
    const { requestedScope } = await loadSignIn();
    expect(requestedScope(false)).toBe('openid offline user.write');
    expect(requestedScope(true)).toBe('openid offline user.write user.session.revoke.self');
  });

  it('leaves once however often it is asked on the same page', async () => {
    installFakeProvider();
    const { startSignIn, assign } = await loadSignIn();
    await Promise.all([startSignIn(), startSignIn(), startSignIn()]);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assignedUrl(assign).searchParams.get('state')).toBe(localStorage.getItem(LocalKey.state));
  });

  it('keeps a flash message for the return', async () => {
    installFakeProvider();
    const { startSignIn } = await loadSignIn();
    await startSignIn({ flashMessage: 'もう一度ログインしてください。' });
    expect(sessionStorage.getItem(SessionKey.flashMessage)).toBe('もう一度ログインしてください。');
  });
});

describe('the return from sign-in (spec §4 step 2, §5, security 11)', () => {
  /** Signs in as far as the provider's redirect back: returns the URL it would send the browser to. */
  async function signInAndReturn(extraQuery = '&device_id=device-1') {
    installFakeProvider();
    const before = await loadSignIn();
    await before.startSignIn();
    const state = assignedUrl(before.assign).searchParams.get('state')!;
    // the provider's redirect loads the app anew: fresh modules, the same storage
    const provider = installFakeProvider({
      code: 'the-code',
      codeVerifier: localStorage.getItem(LocalKey.codeVerifier)!,
    });
    const modules = await loadSignIn();
    const returnUrl = (returned: string) =>
      new URL(`https://app.example/?code=the-code&state=${encodeURIComponent(returned)}${extraQuery}`);
    return { ...modules, provider, state, returnUrl };
  }

  it('exchanges the code when the returned state equals the stored one, stores the token set and reloads at the return path', async () => {
    const { completeSignInReturn, provider, state, returnUrl, replace } = await signInAndReturn();
    await completeSignInReturn(returnUrl(state));

    const [tokenRequest, ...others] = provider.tokenRequests();
    expect(others).toEqual([]);
    expect(Object.fromEntries(tokenRequest!.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: env.oidcRedirectUri,
      code_verifier: expect.stringMatching(/^[A-Za-z0-9\-._~]{64}$/),
      client_id: env.oidcClientId,
    });
    const stored = JSON.parse(localStorage.getItem(LocalKey.tokens)!);
    expect(Object.keys(stored).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    expect(stored.refresh_token).toBe('rt-1');
    expect(localStorage.getItem(LocalKey.codeVerifier)).toBeNull();
    expect(localStorage.getItem(LocalKey.state)).toBeNull();
    expect(replace).toHaveBeenCalledWith('/trading?tab=1#funds');
  });

  it('keeps the device id the identity service adds', async () => {
    const { completeSignInReturn, state, returnUrl } = await signInAndReturn('&device_id=device-42');
    await completeSignInReturn(returnUrl(state));
    expect(localStorage.getItem(LocalKey.deviceId)).toBe('device-42');
  });

  it('sends no token request at all when the returned state was tampered with', async () => {
    const { completeSignInReturn, provider, state, returnUrl, replace } = await signInAndReturn();
    const tampered = `${state.slice(0, -2)}xx`;
    await completeSignInReturn(returnUrl(tampered));

    expect(provider.fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem(LocalKey.tokens)).toBeNull();
    expect(localStorage.getItem(LocalKey.deviceId)).toBeNull();
    expect(replace).toHaveBeenCalledWith('/');
    // the genuine round trip is not cancelled by a forged return: its own return can still complete
    expect(localStorage.getItem(LocalKey.state)).toBe(state);
    await (await loadSignIn()).completeSignInReturn(returnUrl(state));
    expect(provider.tokenRequests()).toHaveLength(1);
  });

  it('sends no token request when the extra data of the state was changed (another return path)', async () => {
    const { completeSignInReturn, provider, state, returnUrl } = await signInAndReturn();
    const [prefix] = state.split('.');
    await completeSignInReturn(returnUrl(`${prefix}.${btoa('{"returnTo":"/mypage"}')}`));
    expect(provider.fetch).not.toHaveBeenCalled();
  });

  it('sends no token request when the state is missing from the return', async () => {
    installFakeProvider();
    await (await loadSignIn()).startSignIn();
    const provider = installFakeProvider({ code: 'the-code' });
    const { completeSignInReturn, replace } = await loadSignIn();
    await completeSignInReturn(new URL('https://app.example/assets?code=the-code&device_id=d#x'));
    expect(provider.fetch).not.toHaveBeenCalled();
    expect(replace).toHaveBeenCalledWith('/assets#x');
  });

  it('sends no token request when no state is stored (a return this browser did not start)', async () => {
    const provider = installFakeProvider({ code: 'the-code' });
    const { completeSignInReturn } = await loadSignIn();
    await completeSignInReturn(new URL('https://app.example/?code=the-code&state=abc.e30'));
    expect(provider.fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem(LocalKey.tokens)).toBeNull();
  });

  it('inside the native wrapper, hands the new access token to it for push notifications (spec §7)', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('ReactNativeWebView', { postMessage });
    localStorage.setItem('isNative', 'true');
    try {
      const { completeSignInReturn, state, returnUrl, replace } = await signInAndReturn();
      await completeSignInReturn(returnUrl(state));
      const stored = JSON.parse(localStorage.getItem(LocalKey.tokens)!) as { access_token: string };
      expect(postMessage.mock.calls).toEqual([
        [JSON.stringify({ type: 'sendPushToken', accessToken: stored.access_token })],
      ]);
      expect(replace).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sends no push token when the exchange fails, nor in a browser', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('ReactNativeWebView', { postMessage });
    localStorage.setItem('isNative', 'true');
    try {
      const failing = await signInAndReturn();
      await failing.completeSignInReturn(
        new URL(`https://app.example/?code=another-code&state=${encodeURIComponent(failing.state)}`),
      );
      expect(postMessage).not.toHaveBeenCalled();
      localStorage.clear();
      const browser = await signInAndReturn();
      await browser.completeSignInReturn(browser.returnUrl(browser.state));
      expect(localStorage.getItem(LocalKey.tokens)).not.toBeNull();
      expect(postMessage).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('goes back to sign-in with a message when the exchange fails', async () => {
    const { completeSignInReturn, provider, state, assign } = await signInAndReturn();
    await completeSignInReturn(
      new URL(`https://app.example/?code=another-code&state=${encodeURIComponent(state)}`),
    );
    expect(provider.tokenRequests()).toHaveLength(1);
    expect(localStorage.getItem(LocalKey.tokens)).toBeNull();
    expect(assignedUrl(assign).pathname).toBe(new URL(endpoints.authorization).pathname);
    // the sign-in page itself says why, not a toast after the next return
    expect(assignedUrl(assign).searchParams.get('sign_in_notice')).toBe('sign_in_failed');
    expect(sessionStorage.getItem(SessionKey.flashMessage)).toBeNull();
  });
});
