import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { authorizeUrl } from './test/oidc-test-client.ts';

// TRUST_PROXY names the proxy; the OpenID provider (Koa) must believe X-Forwarded-* only from it too.
let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    env: { TRUST_PROXY: '10.0.0.0/8' },
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

async function interactionCookies(remoteAddress: string): Promise<string[]> {
  const response = await app.inject({
    method: 'GET',
    url: authorizeUrl(),
    remoteAddress,
    headers: { host: 'localhost:3000', 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' },
  });
  expect(response.statusCode).toBe(303);
  const cookies = response.headers['set-cookie'];
  return Array.isArray(cookies) ? cookies : [String(cookies)];
}

describe('the identity provider reads X-Forwarded-* only as TRUST_PROXY allows', () => {
  it('from the trusted proxy, X-Forwarded-Proto https makes the sign-in cookies Secure', async () => {
    const cookies = await interactionCookies('10.0.0.5');
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i);
  });

  it('from any other peer, the same header is ignored: the cookies are not marked Secure', async () => {
    const cookies = await interactionCookies('192.0.2.10');
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*secure/i);
  });
});
