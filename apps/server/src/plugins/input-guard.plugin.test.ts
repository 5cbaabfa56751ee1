import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { requestHashOf } from '../idempotency/idempotency.ts';
import { buildTestApp, LogCapture } from '../test/test-app.ts';
import { jsonDepthExceeds } from './input-guard.plugin.ts';

let app: App | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

const host = { host: 'localhost:3000' };

describe('input guard (issue 13 point 9)', () => {
  it('refuses a NUL in the register form’s name with 400 for that field before any database work', async () => {
    // the fake database throws on any use: a 400 here proves the request never reached it
    app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/auth/v1/register',
      headers: host,
      payload: {
        lastName: '青木\u0000',
        firstName: '健太',
        lastNameKana: 'アオキ',
        firstNameKana: 'ケンタ',
        birthDate: '1990-01-01',
        email: 'aoki@example.jp',
        password: 'Demo-Pass-2026-long',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-000' });
    expect(response.json<{ message: string }>().message).toContain('使用できない文字');
  });

  it('refuses a control character in a query parameter of a route without its own schema', async () => {
    app = await buildTestApp();
    app.get('/v1/test-only/free', async () => ({ ok: true }));
    const response = await app.inject({ method: 'GET', url: '/v1/test-only/free?q=a%1Bb', headers: host });
    expect(response.statusCode).toBe(400);
  });

  it('refuses JSON nested 5,000 levels with 400 on a route without a body schema (no stack overflow)', async () => {
    app = await buildTestApp();
    app.post('/v1/test-only/hash', async (request) => ({ hash: requestHashOf('POST', '/x', request.body) }));
    const response = await app.inject({
      method: 'POST',
      url: '/v1/test-only/hash',
      headers: { ...host, 'content-type': 'application/json' },
      payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-000' });
  });

  it('still parses ordinary JSON, brackets inside strings not counted as nesting', async () => {
    app = await buildTestApp();
    app.post('/v1/test-only/echo', async (request) => request.body as object);
    const payload = { text: '[[[[{{{{'.repeat(100), list: [[1, [2]]] };
    const response = await app.inject({ method: 'POST', url: '/v1/test-only/echo', headers: host, payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(payload);
  });

  it('refuses a body over 128 KiB with 413', async () => {
    app = await buildTestApp();
    app.post('/v1/test-only/echo', async () => ({ ok: true }));
    const response = await app.inject({
      method: 'POST',
      url: '/v1/test-only/echo',
      headers: host,
      payload: { text: 'x'.repeat(130 * 1024) },
    });
    expect(response.statusCode).toBe(413);
  });

  it('counts depth on the text: 32 levels pass, 33 do not, escaped quotes kept inside strings', () => {
    expect(jsonDepthExceeds(`${'['.repeat(32)}${']'.repeat(32)}`, 32)).toBe(false);
    expect(jsonDepthExceeds(`${'['.repeat(33)}${']'.repeat(33)}`, 32)).toBe(true);
    expect(jsonDepthExceeds(`["\\"[[[[", 1]`, 1)).toBe(false);
  });
});

describe('error log of a failed statement (issue 13 point 9)', () => {
  it('keeps the statement but not its parameters: a password hash never reaches the log', async () => {
    const logs = new LogCapture();
    app = await buildTestApp({ logs });
    app.post('/v1/test-only/insert', async () => {
      throw new DrizzleQueryError(
        'insert into "customer_credentials" ("customer_id", "password_hash") values ($1, $2)',
        ['b7c1f7a8-0000-4000-8000-000000000001', '$scrypt$N=16384$secret-salt$secret-hash'],
        new Error('invalid byte sequence for encoding "UTF8": 0x00'),
      );
    });
    const response = await app.inject({ method: 'POST', url: '/v1/test-only/insert', headers: host });
    expect(response.statusCode).toBe(500);
    const text = logs.text();
    expect(text).toContain('insert into \\"customer_credentials\\"');
    expect(text).toContain('invalid byte sequence');
    expect(text).not.toContain('secret-hash');
    expect(text).not.toContain('b7c1f7a8');
  });
});
