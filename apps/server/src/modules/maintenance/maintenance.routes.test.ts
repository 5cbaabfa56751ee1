import { jstInstant } from '@fund/domain';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp, fixedClock } from '../../test/test-app.ts';

const maintenanceAnswer = { code: '503-000', message: '現在メンテナンス中です' };

let app: App | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function statusAt(instant: Date, env: Record<string, string> = {}) {
  app = await buildTestApp({ clock: fixedClock(instant), env: { MAINTENANCE_WINDOWS: 'on', ...env } });
  return app.inject({ method: 'GET', url: '/maintenance/status' });
}

describe('GET /maintenance/status', () => {
  it('answers 503 503-000 on a weekday at 04:00 JST (inside 03:30-06:30)', async () => {
    const response = await statusAt(jstInstant(2026, 3, 18, 4, 0));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(maintenanceAnswer);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 200 ok on a weekday at 12:00 JST', async () => {
    const response = await statusAt(jstInstant(2026, 3, 18, 12, 0));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 on a Sunday at 07:00 JST (Sunday window runs to 07:30)', async () => {
    const response = await statusAt(jstInstant(2026, 3, 22, 7, 0));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(maintenanceAnswer);
  });

  it('answers 200 on a weekday at 07:00 JST (weekday window ended at 06:30)', async () => {
    const response = await statusAt(jstInstant(2026, 3, 18, 7, 0));
    expect(response.statusCode).toBe(200);
  });

  it('answers 503 at noon while MAINTENANCE_MODE is on', async () => {
    const response = await statusAt(jstInstant(2026, 3, 18, 12, 0), { MAINTENANCE_MODE: 'on' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(maintenanceAnswer);
  });

  it('answers 200 at 04:00 JST when the regular windows are switched off', async () => {
    const response = await statusAt(jstInstant(2026, 3, 18, 4, 0), { MAINTENANCE_WINDOWS: 'off' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('reads the clock on every request, so a window that opens while running is seen', async () => {
    let now = jstInstant(2026, 3, 18, 3, 29, 59);
    app = await buildTestApp({ clock: { now: () => now }, env: { MAINTENANCE_WINDOWS: 'on' } });
    expect((await app.inject({ method: 'GET', url: '/maintenance/status' })).statusCode).toBe(200);
    now = jstInstant(2026, 3, 18, 3, 30, 0);
    expect((await app.inject({ method: 'GET', url: '/maintenance/status' })).statusCode).toBe(503);
  });
});

describe('the customer API during maintenance (issue 13 point 10)', () => {
  const customerCalls = [
    '/v1/assets',
    '/v1/funds',
    '/v1/orders?status=ORDERED',
    '/v1/wb4UserStatus',
    '/v6/accounts',
    '/v6/unmaskedUsers',
    '/balance/trades_report',
  ];

  it('answers every customer API call 503 503-000 while MAINTENANCE_MODE is on, before any token check', async () => {
    app = await buildTestApp({ env: { MAINTENANCE_MODE: 'on' } });
    for (const url of customerCalls) {
      const response = await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer expired' } });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 503,
        body: maintenanceAnswer,
      });
    }
    const buy = await app.inject({
      method: 'POST',
      url: '/v1/orders/buy',
      payload: { fundCode: 'DEMOF003' },
    });
    expect(buy.statusCode).toBe(503);
  });

  it('answers 503 503-000 inside a regular window (weekday 04:00 JST) and 401 without a token outside it', async () => {
    app = await buildTestApp({
      clock: fixedClock(jstInstant(2026, 3, 18, 4, 0)),
      env: { MAINTENANCE_WINDOWS: 'on' },
    });
    expect((await app.inject({ method: 'GET', url: '/v1/assets' })).statusCode).toBe(503);
    await app.close();
    app = await buildTestApp({
      clock: fixedClock(jstInstant(2026, 3, 18, 12, 0)),
      env: { MAINTENANCE_WINDOWS: 'on' },
    });
    expect((await app.inject({ method: 'GET', url: '/v1/assets' })).statusCode).toBe(401);
  });

  it('leaves the identity service’s calls open during maintenance (the web app asks the status first)', async () => {
    app = await buildTestApp({ env: { MAINTENANCE_MODE: 'on' } });
    const register = await app.inject({ method: 'POST', url: '/auth/v1/register', payload: {} });
    expect(register.statusCode).toBe(400);
  });
});
