import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../store/ui-store';
import {
  ApiError,
  createApiClient,
  defaultRetries,
  NetworkError,
  retryDelayOf,
  type ApiClientConfig,
  type RequestOptions,
} from './api-client';
import { ApiErrorMessage } from './error-messages';
import { PassThrough } from './pass-through';

const BASE = 'https://api.example.test';

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function setup(responses: Array<Response | Error> | (() => Response), config: Partial<ApiClientConfig> = {}) {
  const queue = Array.isArray(responses) ? [...responses] : undefined;
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
    if (queue === undefined) return (responses as () => Response)();
    const next = queue.shift();
    if (next === undefined) throw new Error('unexpected extra fetch');
    if (!(next instanceof Response)) throw next;
    return next;
  });
  const getAccessToken = vi.fn(async () => 'token-123');
  const client = createApiClient({
    baseUrl: BASE,
    getAccessToken,
    fetch: fetchMock,
    retryDelayMs: 0,
    ...config,
  });
  const call = (index = 0) => {
    const [url, init] = fetchMock.mock.calls[index] ?? [];
    return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
  };
  return { client, fetchMock, getAccessToken, call };
}

const toast = () => useUiStore.getState().toast?.message;
const maintenance = () => useUiStore.getState().maintenance;

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('sends the bearer header from getAccessToken()', async () => {
    const { client, call, getAccessToken } = setup([json(200, { ok: true })]);
    await expect(client.get('/v1/lastLogIn')).resolves.toEqual({ ok: true });
    expect(getAccessToken).toHaveBeenCalledTimes(1);
    expect(call().url).toBe(`${BASE}/v1/lastLogIn`);
    expect(call().headers.get('authorization')).toBe('Bearer token-123');
    expect(call().headers.get('accept')).toBe('application/json');
  });

  it('sends no bearer header and asks no token when authenticated is false', async () => {
    const { client, call, getAccessToken } = setup([json(200, {})]);
    await client.get('/maintenance/status', { authenticated: false });
    expect(getAccessToken).not.toHaveBeenCalled();
    expect(call().headers.has('authorization')).toBe(false);
  });

  it('a token failure (e.g. the redirect to sign-in) is thrown as it is, without a call or a toast', async () => {
    const failure = new Error('REDIRECT_ERROR');
    const { client, fetchMock } = setup([], { getAccessToken: () => Promise.reject(failure) });
    await expect(client.get('/v1/x')).rejects.toBe(failure);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toast()).toBeUndefined();
  });

  it('omits empty query values (spec §5): empty string, null and undefined', async () => {
    const { client, call } = setup([json(200, [])]);
    await client.get('/v1/informations', {
      query: { page: 2, empty: '', none: null, missing: undefined, unread: false, zero: 0, q: 'a b&c' },
    });
    expect(call().url).toBe(`${BASE}/v1/informations?page=2&unread=false&zero=0&q=a+b%26c`);
  });

  it('adds no question mark when every query value is empty', async () => {
    const { client, call } = setup([json(200, [])]);
    await client.get('/v1/informations', { query: { a: '', b: null } });
    expect(call().url).toBe(`${BASE}/v1/informations`);
  });

  it('sends a JSON body with its content type', async () => {
    const { client, call } = setup([json(200, { id: 1 })]);
    await client.post('/v6/temporaryUsers/child/autoCompletion', { body: { name: '太郎' } });
    expect(call().init.method).toBe('POST');
    expect(call().init.body).toBe('{"name":"太郎"}');
    expect(call().headers.get('content-type')).toBe('application/json');
  });

  it('resolves a 204 answer with undefined', async () => {
    const { client } = setup([new Response(null, { status: 204 })]);
    await expect(client.put('/v1/informations/1/read')).resolves.toBeUndefined();
  });

  it('passes extra headers, the signal and the configured credentials', async () => {
    const controller = new AbortController();
    const { client, call } = setup([json(200, {})], { credentials: 'include' });
    await client.patch('/user/email', { headers: { 'x-extra': '1' }, signal: controller.signal });
    expect(call().headers.get('x-extra')).toBe('1');
    expect(call().init.signal).toBe(controller.signal);
    expect(call().init.credentials).toBe('include');
    expect(call().init.method).toBe('PATCH');
  });

  it('sends the act-as customer as the user-id header when one is set', async () => {
    let actAs: string | undefined = 'baas-42';
    const { client, call } = setup([json(200, {}), json(200, {})], { getActedForCustomer: () => actAs });
    await client.get('/v6/accounts');
    expect(call(0).headers.get('user-id')).toBe('baas-42');
    actAs = undefined;
    await client.get('/v6/accounts');
    expect(call(1).headers.has('user-id')).toBe(false);
  });

  it('uploads multipart form data without setting the content type, and decodes text on request', async () => {
    const { client, call } = setup([new Response('<p>ok</p>', { status: 200 })]);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await expect(client.upload('/v1/files', form, { decodeText: true })).resolves.toBe('<p>ok</p>');
    expect(call().init.method).toBe('POST');
    expect(call().init.body).toBe(form);
    expect(call().headers.has('content-type')).toBe(false);
  });

  it('upload without decodeText resolves with the JSON answer', async () => {
    const { client } = setup([json(200, { id: 'f1' })]);
    await expect(client.upload('/v1/files', new FormData())).resolves.toEqual({ id: 'f1' });
  });
});

const retryStatuses = [408, 409, 425, 429, 500, 502, 503, 504];

describe('HTTP retry (spec §7)', () => {
  it.each(['GET', 'HEAD', 'OPTIONS'])('%s is retried once by default', (method) => {
    expect(defaultRetries(method)).toBe(1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s is not retried by default', (method) => {
    expect(defaultRetries(method)).toBe(0);
  });

  const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;
  const matrix = methods.flatMap((method) => retryStatuses.map((status) => [method, status] as const));

  it.each(matrix)('%s answered %i: %s', async (method, status) => {
    const { client, fetchMock } = setup(() => json(status, { type: `${status}-000`, detail: 'x' }));
    await expect(client[method]('/v1/x')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(method === 'get' ? 2 : 1);
  });

  it('GET succeeds when the retry succeeds, without a toast', async () => {
    const { client, fetchMock } = setup([json(503, { type: '503-001' }), json(200, { ok: 1 })]);
    await expect(client.get('/v1/x')).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(toast()).toBeUndefined();
    expect(maintenance()).toBe(false);
  });

  it.each([400, 401, 403, 404, 422, 501])('GET answered %i is not retried', async (status) => {
    const { client, fetchMock } = setup(() => json(status, { type: `${status}-000` }));
    await expect(client.get('/v1/x')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)(
    '%s is retried when retries is set (the spec\'s "unless set")',
    async (method) => {
      const { client, fetchMock } = setup(() => json(502, {}));
      await expect(client[method]('/v1/x', { retries: 2 })).rejects.toBeInstanceOf(ApiError);
      expect(fetchMock).toHaveBeenCalledTimes(3);
    },
  );

  it('GET is not retried with retries: 0', async () => {
    const { client, fetchMock } = setup(() => json(500, { type: '500-000' }));
    await expect(client.get('/v1/x', { retries: 0 })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('the token is asked again for the retry', async () => {
    const { client, getAccessToken } = setup([json(500, {}), json(200, {})]);
    await client.get('/v1/x');
    expect(getAccessToken).toHaveBeenCalledTimes(2);
  });

  it('a GET without any answer is retried once like a 5xx, then reported as a network failure', async () => {
    const { client, fetchMock } = setup([new TypeError('Failed to fetch'), new TypeError('Failed to fetch')]);
    await expect(client.get('/v1/x')).rejects.toBeInstanceOf(NetworkError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('waits a fixed 300 ms without Retry-After', async () => {
    vi.useFakeTimers();
    const { client, fetchMock } = setup([json(503, {}), json(200, {})], { retryDelayMs: undefined });
    const result = client.get('/v1/x');
    await vi.advanceTimersByTimeAsync(299);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await result;
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('honours Retry-After in seconds', async () => {
    vi.useFakeTimers();
    const { client, fetchMock } = setup([json(429, {}, { 'retry-after': '1' }), json(200, {})]);
    const result = client.get('/v1/x');
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await result;
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('caps a long Retry-After at 2 s', async () => {
    vi.useFakeTimers();
    const { client, fetchMock } = setup([json(503, {}, { 'retry-after': '120' }), json(200, {})]);
    const result = client.get('/v1/x');
    await vi.advanceTimersByTimeAsync(2000);
    await result;
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reads Retry-After as seconds, an HTTP date, or falls back to the fixed delay', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryDelayOf('1', 300, 2000, now)).toBe(1000);
    expect(retryDelayOf('0', 300, 2000, now)).toBe(0);
    expect(retryDelayOf('Thu, 01 Jan 2026 00:00:01 GMT', 300, 2000, now)).toBe(1000);
    expect(retryDelayOf('Wed, 31 Dec 2025 23:00:00 GMT', 300, 2000, now)).toBe(0);
    expect(retryDelayOf('soon', 300, 2000, now)).toBe(300);
    expect(retryDelayOf(null, 300, 2000, now)).toBe(300);
    expect(retryDelayOf('3600', 300, 2000, now)).toBe(2000);
  });

  it('an abort during the retry pause stops without a toast', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const { client, fetchMock } = setup([json(503, {})], { retryDelayMs: 1000 });
    const result = client.get('/v1/x', { signal: controller.signal });
    const settled = expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toast()).toBeUndefined();
  });
});

describe('error catalogue (spec §8)', () => {
  async function failWith(status: number, body: unknown, options?: RequestOptions): Promise<ApiError> {
    const { client } = setup(() =>
      body === undefined ? new Response(null, { status }) : json(status, body),
    );
    const error = await client.post('/v1/x', options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }

  it('takes the code from type', async () => {
    const error = await failWith(400, { type: '400-123', detail: 'd' });
    expect(error).toMatchObject({
      status: 400,
      code: '400-123',
      detail: 'd',
      body: { type: '400-123', detail: 'd' },
    });
  });

  it('takes the code from code when there is no type', async () => {
    const error = await failWith(400, { code: '400-124', message: 'm' });
    expect(error).toMatchObject({ code: '400-124', detail: 'm' });
  });

  it('code 40x: a toast shows detail, and the error is rethrown', async () => {
    await failWith(400, { type: '400-000', detail: '入力内容に誤りがあります' });
    expect(toast()).toBe('入力内容に誤りがあります');
  });

  it('code 40x: a toast shows message when there is no detail', async () => {
    await failWith(404, { code: '404-000', message: '見つかりません' });
    expect(toast()).toBe('見つかりません');
  });

  it('code 40x: detail wins over message', async () => {
    await failWith(403, { code: '403-000', detail: '詳細', message: 'メッセージ' });
    expect(toast()).toBe('詳細');
  });

  it('code 40x without any text: the generic error text rather than an empty toast', async () => {
    await failWith(401, { type: '401-000' });
    expect(toast()).toBe(ApiErrorMessage.server);
  });

  it("code 40x in the call's pass-through list: thrown without a toast", async () => {
    const error = await failWith(400, { type: '400-666', detail: 'd' }, { passThrough: ['400-666'] });
    expect(error.code).toBe('400-666');
    expect(toast()).toBeUndefined();
  });

  it("code 40x not in the call's pass-through list: toast as usual", async () => {
    await failWith(400, { type: '400-000', detail: 'd' }, { passThrough: ['400-666'] });
    expect(toast()).toBe('d');
  });

  it('pass-through any: every 40x code thrown without a toast', async () => {
    await failWith(409, { type: '409-000', detail: 'd' }, { passThrough: 'any' });
    expect(toast()).toBeUndefined();
  });

  it('code 500x: the generic toast, and the error is rethrown', async () => {
    const error = await failWith(500, { type: '500-000', detail: 'internal detail' });
    expect(error.code).toBe('500-000');
    expect(toast()).toBe(
      'エラーが発生しました。しばらく時間をおいて再度お試しください。解消されない場合は「セゾン投信お客さま窓口」までお問合せください。',
    );
    expect(maintenance()).toBe(false);
  });

  it('pass-through covers 40x codes only: code 500x still shows its toast', async () => {
    await failWith(500, { type: '500-000' }, { passThrough: 'any' });
    expect(toast()).toBe(ApiErrorMessage.server);
  });

  it.each(['503-000', '503-001'])(
    'code %s: the maintenance screen, and the error is rethrown',
    async (code) => {
      const error = await failWith(503, { type: code });
      expect(error.code).toBe(code);
      expect(maintenance()).toBe(true);
      expect(toast()).toBeUndefined();
    },
  );

  it('a body without code: the HTTP status stands in (503 without body → maintenance screen)', async () => {
    const error = await failWith(503, undefined);
    expect(error).toMatchObject({ status: 503, code: '503', detail: '', body: undefined });
    expect(maintenance()).toBe(true);
  });

  it('a body without code: the HTTP status stands in (500 HTML page → generic toast)', async () => {
    const { client } = setup(() => new Response('<html>oops</html>', { status: 500 }));
    const error = await client.post('/v1/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '500', body: '<html>oops</html>' });
    expect(toast()).toBe(ApiErrorMessage.server);
  });

  it('codes the catalogue does not name (e.g. 502, 422-000) are rethrown without a toast', async () => {
    await failWith(502, undefined);
    await failWith(422, { type: '422-000', detail: 'd' });
    expect(toast()).toBeUndefined();
    expect(maintenance()).toBe(false);
  });

  it('network failure: the network toast and a NetworkError', async () => {
    const cause = new TypeError('Failed to fetch');
    const { client } = setup([cause]);
    const error = await client.post('/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBe(cause);
    expect(toast()).toBe('ネットワークエラーが発生しました。しばらく時間をおいて再度お試しください。');
  });

  it('an aborted call is not a network failure: rethrown as it is, no toast, no retry', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const { client, fetchMock } = setup([abort]);
    await expect(client.get('/v1/x')).rejects.toBe(abort);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toast()).toBeUndefined();
  });
});

/** Every row of the spec §8 pass-through list, with the codes of that call. */
const passThroughRows = [
  ['GET creditCard', 'get', '/v1/cashflows/creditCard', PassThrough.getCreditCard, ['400-100']],
  ['PUT creditCard', 'put', '/v1/cashflows/creditCard', PassThrough.putCreditCard, 'any'],
  [
    'POST saisonConnect authorizationToken',
    'post',
    '/v1/cashflows/saisonConnect/authorizationToken',
    PassThrough.postSaisonConnectAuthorizationToken,
    'any',
  ],
  [
    'GET accountTransfer account',
    'get',
    '/v1/cashflows/accountTransfer/account',
    PassThrough.getAccountTransferAccount,
    ['400-666'],
  ],
  [
    'GET updateAccountRequests',
    'get',
    '/v6/updateAccountRequests',
    PassThrough.getUpdateAccountRequests,
    ['400-000'],
  ],
  ['GET nisaRequests', 'get', '/v6/nisaRequests', PassThrough.getNisaRequests, ['400-000']],
  ['GET nisaStatusByYear', 'get', '/v6/nisaStatusByYear', PassThrough.getNisaStatusByYear, ['400-666']],
  ['GET unmaskedUsers', 'get', '/v6/unmaskedUsers', PassThrough.getUnmaskedUsers, ['400-666']],
  ['GET lastLogIn', 'get', '/v1/lastLogIn', PassThrough.getLastLogIn, ['400-000']],
  [
    'GET saisonConnect point',
    'get',
    '/v1/cashflows/saisonConnect/point',
    PassThrough.getSaisonConnectPoint,
    ['400-100', '400-101', '400-102', '400-103', '400-503'],
  ],
] as const;

describe('pass-through list (spec §8)', () => {
  it.each(passThroughRows)(
    '%s: the list holds the codes of the spec',
    (_name, _method, _path, list, codes) => {
      expect(list).toEqual(codes);
    },
  );

  const cases = passThroughRows.flatMap(([name, method, path, list, codes]) =>
    (codes === 'any' ? ['400-000', '400-100', '401-000', '404-000', '409-000'] : codes).map(
      (code) => [name, code, method, path, list] as const,
    ),
  );

  it.each(cases)('%s: code %s is thrown without a toast', async (_name, code, method, path, list) => {
    const { client } = setup(() => json(400, { type: code, detail: 'サーバーの説明' }));
    const error = await client[method](path, { passThrough: list }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code, detail: 'サーバーの説明' });
    expect(toast()).toBeUndefined();
  });

  it.each(passThroughRows.filter((row) => row[4] !== 'any'))(
    '%s: a code not in its list still shows the toast',
    async (_name, method, path, list) => {
      const { client } = setup(() => json(400, { type: '400-999', detail: 'サーバーの説明' }));
      await expect(client[method](path, { passThrough: list })).rejects.toBeInstanceOf(ApiError);
      expect(toast()).toBe('サーバーの説明');
    },
  );
});

describe('silent calls (spec §8: root-loading failures are swallowed, issue 13 point 12)', () => {
  it('shows no toast for a 500, a 400 or no answer, and still throws', async () => {
    useUiStore.getState().reset();
    const { client } = setup([
      json(500, { code: '500-000', message: 'x' }),
      json(400, { code: '400-000', message: 'リクエストの内容が正しくありません。' }),
      new TypeError('Failed to fetch'),
    ]);
    const options: RequestOptions = { silent: true, retries: 0 };
    await expect(client.get('/v6/accountStatus', options)).rejects.toBeInstanceOf(ApiError);
    await expect(client.get('/v6/accounts', options)).rejects.toBeInstanceOf(ApiError);
    await expect(client.get('/v6/unmaskedUsers', options)).rejects.toBeInstanceOf(NetworkError);
    expect(toast()).toBeUndefined();
  });

  it('still shows the maintenance screen for a 503', async () => {
    useUiStore.getState().reset();
    const { client } = setup([json(503, { code: '503-000', message: '現在メンテナンス中です' })]);
    await expect(client.get('/v6/accountStatus', { silent: true, retries: 0 })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(maintenance()).toBe(true);
    expect(toast()).toBeUndefined();
  });
});
