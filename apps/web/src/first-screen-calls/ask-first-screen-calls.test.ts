import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discardFirstScreenResponses, takeFirstScreenResponse } from '../lib/api/first-screen-responses';
import { LocalKey } from '../lib/auth/storage-keys';
import { seedSignedInSession } from '../lib/auth/test/fake-session';
import { fakeAccessToken } from '../lib/auth/test/fake-jwt';
import { askFirstScreenCalls } from './ask-first-screen-calls';

const origin = 'https://fund.example.test';
const baseUrls = {
  productApiBaseUrl: origin,
  accountApiBaseUrl: origin,
  balanceApiBaseUrl: `${origin}/balance`,
};

function ask(path: string) {
  const fetchFn = vi.fn(async () => new Response('{}'));
  askFirstScreenCalls({ href: `${origin}${path}` }, baseUrls, Date.now(), fetchFn);
  const asked = fetchFn.mock.calls.map((call) => String((call as unknown[])[0]));
  const headers = fetchFn.mock.calls.map(
    (call) => new Headers(((call as unknown[])[1] as RequestInit).headers),
  );
  return { asked, headers };
}

const storedAccessToken = () =>
  (JSON.parse(localStorage.getItem(LocalKey.tokens) ?? '{}') as { access_token: string }).access_token;

beforeEach(() => seedSignedInSession());
afterEach(() => {
  localStorage.clear();
  discardFirstScreenResponses();
});

describe('the first screen’s calls asked before the app has loaded (decision 030)', () => {
  it('home: the root loading’s calls and the home screen’s, with the stored token, left for the API client', () => {
    const { asked, headers } = ask('/');
    expect(asked).toEqual([
      `${origin}/v6/accountStatus`,
      `${origin}/v1/wb4UserStatus`,
      `${origin}/v1/badges/information`,
      `${origin}/v1/badges/informationOthers`,
      `${origin}/v6/accounts`,
      `${origin}/v6/unmaskedUsers`,
      `${origin}/v1/assets`,
      `${origin}/v1/orders?status=ORDERED&page=1`,
      `${origin}/v1/orders?status=EXECUTED&page=1`,
      `${origin}/v1/recurringPurchases`,
      `${origin}/v1/cashflows/saisonConnect/point`,
      `${origin}/v1/informations?category=important&page=1&pageSize=3`,
    ]);
    for (const header of headers) expect(header.get('authorization')).toBe(`Bearer ${storedAccessToken()}`);
    expect(takeFirstScreenResponse(`${origin}/v1/assets`, storedAccessToken())).toBeInstanceOf(Promise);
  });

  it('a screen is found without case and with a trailing slash, as the router finds it', () => {
    expect(ask('/assets/nisabalance/').asked).toHaveLength(6);
    expect(ask('/Trading').asked).toContain(`${origin}/v1/funds`);
  });

  it('asks nothing on a screen not listed, on a return from sign-in, or without a valid token', () => {
    expect(ask('/mypage').asked).toEqual([]);
    expect(ask('/?code=abc&state=xyz').asked).toEqual([]);
    localStorage.setItem(
      LocalKey.tokens,
      JSON.stringify({ access_token: fakeAccessToken(10), token_type: 'Bearer' }),
    );
    // expiring within the margin: the app refreshes it first, and an answer asked with it would not be taken
    expect(ask('/').asked).toEqual([]);
    localStorage.clear();
    expect(ask('/').asked).toEqual([]);
  });
});
