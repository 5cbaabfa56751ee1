import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { webRoutePreloadsFile } from '@fund/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp, createWebDist, type WebDist } from '../test/test-app.ts';
import { matchesRoutePattern, preloadLinks } from './web-route-preloads.ts';

describe('matchesRoutePattern (the router matches the same way)', () => {
  it.each([
    ['/', '/'],
    ['/assets', '/assets'],
    ['/assets', '/assets/'],
    ['/assets/nisaBalance', '/assets/nisabalance'],
    ['/trading/buy/:code/input', '/trading/buy/0131103C/input'],
  ])('%s matches %s', (pattern, pathname) => {
    expect(matchesRoutePattern(pattern, pathname)).toBe(true);
  });

  it.each([
    ['/', '/assets'],
    ['/assets', '/assets/nisaBalance'],
    ['/assets/nisaBalance', '/assets'],
    ['/trading/buy/:code/input', '/trading/buy//input'],
    ['/trading/buy/:code/input', '/trading/buy/0131103C/confirm'],
  ])('%s does not match %s', (pattern, pathname) => {
    expect(matchesRoutePattern(pattern, pathname)).toBe(false);
  });
});

describe('preloadLinks', () => {
  it('announces scripts as module preloads and CSS as stylesheets, as Vite writes them', () => {
    expect(preloadLinks(['static/page-A1.js', 'static/page-B2.css'])).toBe(
      '<link rel="modulepreload" crossorigin href="/static/page-A1.js">' +
        '<link rel="stylesheet" crossorigin href="/static/page-B2.css">',
    );
  });

  it('leaves out a name that could break out of the attribute', () => {
    expect(preloadLinks(['static/x.js"><script>alert(1)</script>', 'static/ok.js'])).toBe(
      '<link rel="modulepreload" crossorigin href="/static/ok.js">',
    );
  });
});

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe("a screen's index.html announces the files its route needs (build's route list)", () => {
  let dist: WebDist;
  let app: App | undefined;

  beforeAll(() => {
    dist = createWebDist();
    mkdirSync(path.dirname(path.join(dist.dir, webRoutePreloadsFile)), { recursive: true });
    writeFileSync(
      path.join(dist.dir, webRoutePreloadsFile),
      JSON.stringify({
        '/assets': ['static/assets-page-A1.js', 'static/assets-page-B2.css'],
        '/trading/buy/:code/input': ['static/buy-input-page-C3.js', 'static/gone-from-this-build-D4.js'],
        '/mypage': [],
      }),
    );
    for (const file of ['assets-page-A1.js', 'assets-page-B2.css', 'buy-input-page-C3.js'])
      writeFileSync(path.join(dist.dir, 'static', file), '');
  });
  afterAll(() => dist.remove());
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const get = async (url: string, accept = browserAccept) => {
    app ??= await buildTestApp({ env: { WEB_DIST_DIR: dist.dir } });
    return app.inject({ method: 'GET', url, headers: { accept } });
  };

  it('writes the links before </head> of /assets, revalidated on every visit like index.html', async () => {
    const response = await get('/assets?tab=fund');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(
      dist.indexHtml.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/static/assets-page-A1.js">' +
          '<link rel="stylesheet" crossorigin href="/static/assets-page-B2.css"></head>',
      ),
    );
  });

  it('keeps the security headers (CSP) on the written document', async () => {
    const response = await get('/assets');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('matches a route with a parameter', async () => {
    const response = await get('/trading/buy/0131103C/input');
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin href="/static/buy-input-page-C3.js">',
    );
  });

  it('serves the plain index.html for a path of no route (the not-found page) and a route with nothing to add', async () => {
    for (const url of ['/nowhere', '/mypage']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(dist.indexHtml);
    }
  });
});
