import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../test/test-app.ts';

const webOrigin = 'https://fund.example.jp';
let app: App | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(): Promise<App> {
  app = await buildTestApp({ env: { IDENTITY_CORS_ORIGINS: webOrigin } });
  return app;
}

describe('CORS of the /auth/v1 API (credentials: include from the configured web origins only)', () => {
  it('answers a preflight from a configured origin with credentials allowed', async () => {
    const response = await (
      await start()
    ).inject({
      method: 'OPTIONS',
      url: '/auth/v1/user/profile',
      headers: { origin: webOrigin, 'access-control-request-method': 'GET' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(webOrigin);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-headers'])).toContain('authorization');
  });

  it('gives another origin no CORS headers, on a preflight or a call', async () => {
    const started = await start();
    for (const method of ['OPTIONS', 'GET'] as const) {
      const response = await started.inject({
        method,
        url: '/auth/v1/health',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      expect(response.headers['access-control-allow-origin'], method).toBeUndefined();
      expect(response.headers['access-control-allow-credentials'], method).toBeUndefined();
    }
  });

  it('adds the CORS headers to a call from a configured origin, and none outside /auth/v1', async () => {
    const started = await start();
    const call = await started.inject({
      method: 'GET',
      url: '/auth/v1/health',
      headers: { origin: webOrigin },
    });
    expect(call.statusCode).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBe(webOrigin);
    const other = await started.inject({
      method: 'GET',
      url: '/maintenance/status',
      headers: { origin: webOrigin },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
