import { errorBodySchema, type ErrorBody } from '@fund/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../app.ts';
import { ForbiddenError, ServiceUnavailableError } from '../errors/app-error.ts';
import { internalErrorMessage } from '../errors/error-response.ts';
import { buildTestApp, LogCapture } from '../test/test-app.ts';

let app: App | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The app with routes that exist only in this test file, to provoke each kind of failure. */
async function appWithTestRoutes(logs?: LogCapture): Promise<App> {
  const built = await buildTestApp(logs === undefined ? {} : { logs });
  built.post(
    '/v1/test-only/orders',
    {
      schema: {
        body: z.object({ fundCode: z.string().min(1), amount: z.number().int().min(1) }),
        response: { 200: z.object({ accepted: z.literal(true) }), 400: errorBodySchema },
      },
    },
    async () => ({ accepted: true as const }),
  );
  built.get('/v1/test-only/boom', async () => {
    throw new Error('connection to 10.0.0.5:5432 refused; SELECT secret FROM customers');
  });
  built.get('/v1/test-only/forbidden', async () => {
    throw new ForbiddenError();
  });
  built.get('/v1/test-only/unavailable', async () => {
    throw new ServiceUnavailableError(undefined, { cause: new Error('database ping timed out') });
  });
  built.get('/v1/test-only/database-down', async () => {
    // what Drizzle throws when node-postgres cannot connect: the driver's error as the cause
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    throw new Error('Failed query: select "secret" from "customers"', { cause: refused });
  });
  built.get('/v1/test-only/rate-limited', async (_request, reply) => {
    reply.header('retry-after', '30');
    throw Object.assign(new Error('Rate limit exceeded'), { statusCode: 429 });
  });
  built.post('/v1/test-only/small', { bodyLimit: 32 }, async () => ({ ok: true }));
  built.get(
    '/v1/test-only/funds/:code',
    { schema: { params: z.object({ code: z.string().regex(/^[A-Z0-9]{3,8}$/) }) } },
    async () => ({ ok: true }),
  );
  built.get(
    '/v1/test-only/wrong-answer',
    { schema: { response: { 200: z.object({ count: z.number() }) } } },
    async () =>
      // deliberately breaking the declared response schema
      ({ count: 'many' }) as unknown as { count: number },
  );
  app = built;
  return built;
}

function expectErrorBody(body: unknown, code: string): ErrorBody {
  const parsed = errorBodySchema.parse(body);
  expect(
    Object.keys(body as object)
      .filter((key) => key !== 'fields')
      .sort(),
  ).toEqual(['code', 'message']);
  expect(parsed.code).toBe(code);
  return parsed;
}

describe('error body { code, message } for every failure', () => {
  it('unknown API path: JSON 404 404-000, not the web app', async () => {
    const built = await appWithTestRoutes();
    const response = await built.inject({
      method: 'GET',
      url: '/v1/unknown',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = expectErrorBody(response.json(), '404-000');
    expect(body.message).toContain('GET /v1/unknown');
  });

  it('unknown method on an API path: JSON 404 as well', async () => {
    const built = await appWithTestRoutes();
    const response = await built.inject({ method: 'DELETE', url: '/healthz' });
    expect(response.statusCode).toBe(404);
    expectErrorBody(response.json(), '404-000');
  });

  it('validation failure: 400 400-000 with a sentence per field for the customer, no path or library wording', async () => {
    const built = await appWithTestRoutes();
    const response = await built.inject({
      method: 'POST',
      url: '/v1/test-only/orders',
      payload: { fundCode: '', amount: 1.5 },
    });
    expect(response.statusCode).toBe(400);
    const body = expectErrorBody(response.json(), '400-000');
    expect(body.message).toBe('ファンドコードを入力してください。金額の形式が正しくありません。');
    expect(body.fields).toEqual([
      { field: 'fundCode', message: 'ファンドコードを入力してください。' },
      { field: 'amount', message: '金額の形式が正しくありません。' },
    ]);
  });

  it('validation failure of a path parameter names the parameter in the field list, not in the text', async () => {
    const built = await appWithTestRoutes();
    const response = await built.inject({ method: 'GET', url: '/v1/test-only/funds/abc' });
    expect(response.statusCode).toBe(400);
    const body = expectErrorBody(response.json(), '400-000');
    expect(body.message).not.toContain('params');
    expect(body.fields?.map((issue) => issue.field)).toEqual(['code']);
  });

  it('missing body where one is required: 400 telling that nothing was sent', async () => {
    const built = await appWithTestRoutes();
    const response = await built.inject({ method: 'POST', url: '/v1/test-only/orders' });
    expect(response.statusCode).toBe(400);
    expect(expectErrorBody(response.json(), '400-000').message).toBe('必要な項目が送信されていません。');
  });

  it('malformed JSON: 400 400-000', async () => {
    const built = await appWithTestRoutes();
    const response = await built.inject({
      method: 'POST',
      url: '/v1/test-only/orders',
      headers: { 'content-type': 'application/json' },
      payload: '{"fundCode": "ABC", "amount": ',
    });
    expect(response.statusCode).toBe(400);
    expect(expectErrorBody(response.json(), '400-000').message).toContain('JSON');
  });

  it('body too large: 413 413-000', async () => {
    const built = await appWithTestRoutes();
    const response = await built.inject({
      method: 'POST',
      url: '/v1/test-only/small',
      payload: { text: 'x'.repeat(100) },
    });
    expect(response.statusCode).toBe(413);
    expectErrorBody(response.json(), '413-000');
  });

  it('unsupported content type: 415 415-000', async () => {
    const built = await appWithTestRoutes();
    const response = await built.inject({
      method: 'POST',
      url: '/v1/test-only/orders',
      headers: { 'content-type': 'application/xml' },
      payload: '<order/>',
    });
    expect(response.statusCode).toBe(415);
    expectErrorBody(response.json(), '415-000');
  });

  it('rate limited: 429 429-000 keeping Retry-After', async () => {
    const built = await appWithTestRoutes();
    const response = await built.inject({ method: 'GET', url: '/v1/test-only/rate-limited' });
    expect(response.statusCode).toBe(429);
    expectErrorBody(response.json(), '429-000');
    expect(response.headers['retry-after']).toBe('30');
  });

  it('a typed AppError answers its own status, code and message', async () => {
    const built = await appWithTestRoutes();
    const response = await built.inject({ method: 'GET', url: '/v1/test-only/forbidden' });
    expect(response.statusCode).toBe(403);
    expect(expectErrorBody(response.json(), '403-000').message).toBe('この操作を行う権限がありません。');
  });

  it('thrown 500: generic Japanese message, code 500-000, no internals or stack; logged with the request id', async () => {
    const logs = new LogCapture();
    const built = await appWithTestRoutes(logs);
    const response = await built.inject({
      method: 'GET',
      url: '/v1/test-only/boom',
      headers: { 'x-request-id': 'trace-500-check' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: '500-000', message: internalErrorMessage });
    expect(response.body).not.toMatch(/10\.0\.0\.5|secret|stack|Error/);
    expect(response.headers['cache-control']).toBe('no-store');

    const failure = logs.lines.find((line) => line['msg'] === 'Request failed');
    expect(failure).toMatchObject({ level: 50, reqId: 'trace-500-check', code: '500-000' });
    expect(JSON.stringify(failure?.['err'])).toContain('connection to 10.0.0.5:5432 refused');
    expect(JSON.stringify(failure?.['err'])).toContain('errors.plugin.test.ts');
  });

  it('a response that breaks its own schema is a 500 with the generic message, not a leak', async () => {
    const built = await appWithTestRoutes();
    const response = await built.inject({ method: 'GET', url: '/v1/test-only/wrong-answer' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: '500-000', message: internalErrorMessage });
  });

  it('a planned 503 shows its message and logs its cause at warn level', async () => {
    const logs = new LogCapture();
    const built = await appWithTestRoutes(logs);
    const response = await built.inject({ method: 'GET', url: '/v1/test-only/unavailable' });
    expect(response.statusCode).toBe(503);
    expect(expectErrorBody(response.json(), '503-001').message).not.toContain('ping');
    const warning = logs.lines.find((line) => line['level'] === 40 && line['code'] === '503-001');
    expect(JSON.stringify(warning?.['err'])).toContain('database ping timed out');
  });

  it('an unreachable database is a 503 with Retry-After, logged once per outage, not a 500', async () => {
    const logs = new LogCapture();
    const built = await appWithTestRoutes(logs);
    const down = () => built.inject({ method: 'GET', url: '/v1/test-only/database-down' });
    const outageLogs = () => logs.lines.filter((line) => line['msg'] === 'The database cannot be reached');

    const first = await down();
    expect(first.statusCode).toBe(503);
    expect(first.headers['retry-after']).toBe('5');
    const body = expectErrorBody(first.json(), '503-001');
    expect(body.message).toBe(
      'ただいまサービスをご利用いただけません。しばらく時間をおいて再度お試しください。',
    );
    expect(first.body).not.toMatch(/ECONNREFUSED|10\.0\.0\.5|secret|select/);
    await down();
    await down();
    expect(outageLogs()).toHaveLength(1);

    // a request that succeeds ends the outage; the next failure is a new one and logged again
    expect((await built.inject({ method: 'GET', url: '/v1/test-only/forbidden' })).statusCode).toBe(403);
    expect(logs.lines.some((line) => line['msg'] === 'The database answers again')).toBe(true);
    await down();
    expect(outageLogs()).toHaveLength(2);
  });
});
