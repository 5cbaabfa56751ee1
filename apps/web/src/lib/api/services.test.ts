import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { setActedForCustomer } from './act-as';
import { accountApi, balanceApi, identityApi, productApi } from './services';

vi.mock('../auth/access-token', () => ({ getValidAccessToken: vi.fn(async () => 'session-token') }));

afterEach(() => setActedForCustomer(undefined));

function fakeFetch() {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => Response.json({}));
  vi.stubGlobal('fetch', fetchMock);
  return () => {
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    return { url: String(url), init, headers: new Headers(init?.headers) };
  };
}

describe('one client per configured service', () => {
  it.each([
    ['productApi', productApi, env.productApiBaseUrl],
    ['accountApi', accountApi, env.accountApiBaseUrl],
    ['balanceApi', balanceApi, env.balanceApiBaseUrl],
    ['identityApi', identityApi, env.identityApiBaseUrl],
  ] as const)('%s calls its base URL with the session token', async (_name, api, baseUrl) => {
    const call = fakeFetch();
    await api.get('/x');
    expect(call().url).toBe(`${baseUrl}/x`);
    expect(call().headers.get('authorization')).toBe('Bearer session-token');
  });

  it.each([
    ['productApi', productApi],
    ['accountApi', accountApi],
    ['balanceApi', balanceApi],
  ] as const)('%s sends the operator act-as header (baasId → user-id)', async (_name, api) => {
    setActedForCustomer('baas-7');
    const call = fakeFetch();
    await api.get('/x');
    expect(call().headers.get('user-id')).toBe('baas-7');
  });

  it('identityApi includes credentials and no act-as header', async () => {
    setActedForCustomer('baas-7');
    const call = fakeFetch();
    await identityApi.get('/user/profile');
    expect(call().init?.credentials).toBe('include');
    expect(call().headers.has('user-id')).toBe(false);
  });
});
