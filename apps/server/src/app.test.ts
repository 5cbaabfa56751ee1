import { afterEach, describe, expect, it, vi } from 'vitest';
import type { App } from './app.ts';
import { buildTestApp, fakeDatabase, LogCapture } from './test/test-app.ts';

let app: App | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request id', () => {
  it('echoes a safe incoming x-request-id and logs every line of the request under it', async () => {
    const logs = new LogCapture();
    app = await buildTestApp({ logs });
    const response = await app.inject({
      method: 'GET',
      url: '/maintenance/status',
      headers: { 'x-request-id': 'lb-7f3a.42:web' },
    });
    expect(response.headers['x-request-id']).toBe('lb-7f3a.42:web');
    const requestLines = logs.lines.filter((line) => line['req'] !== undefined || line['res'] !== undefined);
    expect(requestLines.length).toBeGreaterThanOrEqual(2);
    for (const line of requestLines) expect(line['reqId']).toBe('lb-7f3a.42:web');
  });

  it('generates a UUID when none is sent, also on errors', async () => {
    app = await buildTestApp();
    const ok = await app.inject({ method: 'GET', url: '/maintenance/status' });
    const notFound = await app.inject({ method: 'GET', url: '/v1/unknown' });
    expect(ok.headers['x-request-id']).toMatch(uuid);
    expect(notFound.headers['x-request-id']).toMatch(uuid);
    expect(ok.headers['x-request-id']).not.toBe(notFound.headers['x-request-id']);
  });

  it.each(['has spaces', 'line\\nbreak', '<script>', 'x'.repeat(129)])(
    'replaces an unsafe incoming id (%s) with a UUID',
    async (unsafe) => {
      app = await buildTestApp();
      const response = await app.inject({
        method: 'GET',
        url: '/maintenance/status',
        headers: { 'x-request-id': unsafe },
      });
      expect(response.headers['x-request-id']).toMatch(uuid);
    },
  );
});

describe('logs', () => {
  it('never contain authorization headers, cookies or OAuth codes from the URL', async () => {
    const logs = new LogCapture();
    app = await buildTestApp({ logs });
    await app.inject({
      method: 'GET',
      url: '/maintenance/status?code=oauth-code-123&state=state-456&lang=ja',
      headers: { authorization: 'Bearer token-789', cookie: 'session=cookie-000' },
    });
    const text = logs.text();
    expect(text).toContain('/maintenance/status?code=%5Bredacted%5D&state=%5Bredacted%5D&lang=ja');
    for (const secret of ['oauth-code-123', 'state-456', 'token-789', 'cookie-000']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('database handle', () => {
  it('is closed when the app closes (graceful shutdown releases PGlite or the pool)', async () => {
    const database = fakeDatabase();
    const close = vi.spyOn(database, 'close');
    app = await buildTestApp({ database });
    await app.ready();
    expect(close).not.toHaveBeenCalled();
    await app.close();
    expect(close).toHaveBeenCalledOnce();
  });
});
