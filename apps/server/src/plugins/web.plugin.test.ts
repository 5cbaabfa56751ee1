import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp, createWebDist, LogCapture, type WebDist } from '../test/test-app.ts';

let dist: WebDist;
let app: App | undefined;

beforeAll(() => {
  dist = createWebDist();
});

afterAll(() => {
  dist.remove();
});

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function webApp(): Promise<App> {
  app = await buildTestApp({ env: { WEB_DIST_DIR: dist.dir } });
  return app;
}

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('web app served from WEB_DIST_DIR', () => {
  it('answers a deep link (/trading/buy/ABC/input) with index.html, revalidated on every visit', async () => {
    const response = await (
      await webApp()
    ).inject({
      method: 'GET',
      url: '/trading/buy/ABC/input',
      headers: { accept: browserAccept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(dist.indexHtml);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers / and a deep link with a query string with index.html', async () => {
    const built = await webApp();
    for (const url of [
      '/',
      '/assets',
      '/assets/nisaBalance',
      '/saisonConnect?code=abc&state=xyz',
      '/trading/scheduledBuy/ABC/inputType',
    ]) {
      const response = await built.inject({ method: 'GET', url, headers: { accept: browserAccept } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(dist.indexHtml);
    }
  });

  it('answers a screen path with index.html even without Accept: text/html', async () => {
    const response = await (await webApp()).inject({ method: 'GET', url: '/mypage/changeAgent' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(dist.indexHtml);
  });

  it('keeps the JSON 404 for an unknown API path even when the browser asks for HTML', async () => {
    const response = await (
      await webApp()
    ).inject({
      method: 'GET',
      url: '/v1/unknown',
      headers: { accept: browserAccept },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: '404-000' });
  });

  it('sends the precompressed copy of an asset to a browser that accepts gzip', async () => {
    const response = await (
      await webApp()
    ).inject({ method: 'GET', url: dist.assetPath, headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(dist.assetBody);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the file itself while its compressed copies are not written yet (npm start writes them after the build)', async () => {
    const compressed = join(dist.dir, 'static', 'index-Bx7kQ2.js.gz');
    renameSync(compressed, `${compressed}.aside`);
    const response = await (
      await webApp()
    )
      .inject({ method: 'GET', url: dist.assetPath, headers: { 'accept-encoding': 'br, gzip' } })
      .finally(() => renameSync(`${compressed}.aside`, compressed));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(dist.assetBody);
  });

  it('answers the admin build’s screens (/admin/, /admin/customers/1000001/assets) with its own index.html', async () => {
    const built = await webApp();
    for (const url of ['/admin', '/admin/', '/admin/customers/1000001/assets', '/admin/?code=x&state=y']) {
      const response = await built.inject({ method: 'GET', url, headers: { accept: browserAccept } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(dist.adminIndexHtml);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    // a path that only starts like the variant's is the customer app's
    const customer = await built.inject({
      method: 'GET',
      url: '/administration',
      headers: { accept: browserAccept },
    });
    expect(customer.body).toBe(dist.indexHtml);
  });

  it('serves the admin build’s hashed assets with immutable caching, and a missing one as a JSON 404', async () => {
    const built = await webApp();
    const asset = await built.inject({ method: 'GET', url: dist.adminAssetPath });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await built.inject({
      method: 'GET',
      url: '/admin/static/index-Old123.js',
      headers: { accept: browserAccept },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: '404-000' });
  });

  it('answers a screen of a variant that was not built with a 503 saying to run npm run build', async () => {
    const response = await (
      await webApp()
    ).inject({ method: 'GET', url: '/temporary/', headers: { accept: browserAccept } });
    expect(response.statusCode).toBe(503);
    expect(response.json<{ message: string }>().message).toContain('npm run build');
  });

  it('serves hashed assets with immutable caching', async () => {
    const response = await (await webApp()).inject({ method: 'GET', url: dist.assetPath });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(dist.assetBody);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset under /static with a JSON 404, never index.html', async () => {
    const response = await (
      await webApp()
    ).inject({
      method: 'GET',
      url: '/static/index-Old123.js',
      headers: { accept: browserAccept },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ code: '404-000' });
  });

  it('answers a missing file outside /static with a JSON 404 when no HTML is asked for', async () => {
    const response = await (
      await webApp()
    ).inject({ method: 'GET', url: '/favicon.ico', headers: { accept: 'image/*' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: '404-000' });
  });

  it('serves unhashed public files with revalidation', async () => {
    const response = await (await webApp()).inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('does not fall back to the web app for other methods', async () => {
    const response = await (await webApp()).inject({ method: 'POST', url: '/trading', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: '404-000' });
  });

  it('refuses to walk out of the dist directory', async () => {
    const response = await (await webApp()).inject({ method: 'GET', url: '/static/..%2f..%2fpackage.json' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.body).not.toContain('"workspaces"');
  });
});

describe('web app not built (no index.html in WEB_DIST_DIR)', () => {
  it('warns at start and answers screens with a 503 saying to run npm run build', async () => {
    const logs = new LogCapture();
    app = await buildTestApp({ logs, env: { WEB_DIST_DIR: `${dist.dir}-missing` } });
    const response = await app.inject({ method: 'GET', url: '/trading', headers: { accept: browserAccept } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: '503-001',
      message: expect.stringContaining('npm run build'),
    });
    const warning = logs.lines.find(
      (line) => line['level'] === 40 && String(line['msg']).includes('not built'),
    );
    expect(warning?.['msg']).toContain('npm run build');
  });

  it('serves the app once its build is put in place, without a restart (npm start builds beside the server)', async () => {
    const later = `${dist.dir}-later`;
    app = await buildTestApp({ env: { WEB_DIST_DIR: later } });
    const before = await app.inject({ method: 'GET', url: '/', headers: { accept: browserAccept } });
    expect(before.statusCode).toBe(503);
    try {
      renameSync(dist.dir, later);
      const document = await app.inject({ method: 'GET', url: '/', headers: { accept: browserAccept } });
      expect(document.statusCode).toBe(200);
      expect(document.body).toBe(dist.indexHtml);
      expect((await app.inject({ method: 'GET', url: dist.assetPath })).body).toBe(dist.assetBody);
      const admin = await app.inject({ method: 'GET', url: '/admin/', headers: { accept: browserAccept } });
      expect(admin.body).toBe(dist.adminIndexHtml);
    } finally {
      renameSync(later, dist.dir);
    }
  });

  it('still answers the API', async () => {
    app = await buildTestApp({ env: { WEB_DIST_DIR: `${dist.dir}-missing` } });
    expect((await app.inject({ method: 'GET', url: '/maintenance/status' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/v1/unknown' })).statusCode).toBe(404);
  });
});
