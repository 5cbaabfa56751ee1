import { afterEach, describe, expect, it, vi } from 'vitest';
import { MaintenanceError } from '../../lib/errors/maintenance-error';
import { maintenanceGateLoader } from './maintenance-gate';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body, { status })),
  );
}

describe('maintenance gate at start', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the maintenance page when the status answers 503 with code 503-000', async () => {
    answer(503, { code: '503-000', message: '現在メンテナンス中です' });
    await expect(maintenanceGateLoader()).rejects.toBeInstanceOf(MaintenanceError);
  });

  it('accepts the code in `type` as other services send it (spec §8)', async () => {
    answer(503, { type: '503-000', detail: 'maintenance' });
    await expect(maintenanceGateLoader()).rejects.toBeInstanceOf(MaintenanceError);
  });

  it('lets the page load when the status answers 200', async () => {
    answer(200, { status: 'ok' });
    await expect(maintenanceGateLoader()).resolves.toBeNull();
  });

  it('lets the page load on a 503 with another code', async () => {
    answer(503, { code: '503-001', message: 'unavailable' });
    await expect(maintenanceGateLoader()).resolves.toBeNull();
  });

  it('lets the page load when the status call fails on the network', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(maintenanceGateLoader()).resolves.toBeNull();
  });

  it('asks the maintenance status path without caching', async () => {
    const fetchSpy = vi.fn(async () => Response.json({ status: 'ok' }));
    vi.stubGlobal('fetch', fetchSpy);
    await maintenanceGateLoader();
    expect(fetchSpy).toHaveBeenCalledWith(
      '/maintenance/status',
      expect.objectContaining({ cache: 'no-store' }),
    );
  });
});
