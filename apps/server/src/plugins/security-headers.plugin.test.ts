import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp, createWebDist, type WebDist } from '../test/test-app.ts';

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

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const policy = new Map<string, string[]>();
  for (const directive of String(header ?? '').split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/);
    if (name !== undefined && name !== '') policy.set(name, values);
  }
  return policy;
}

async function responses(env: Record<string, string> = {}) {
  app = await buildTestApp({ env: { WEB_DIST_DIR: dist.dir, ...env } });
  const html = await app.inject({ method: 'GET', url: '/trading', headers: { accept: 'text/html' } });
  const api = await app.inject({ method: 'GET', url: '/maintenance/status' });
  const apiError = await app.inject({ method: 'GET', url: '/v1/unknown' });
  const asset = await app.inject({ method: 'GET', url: dist.assetPath });
  return { html, api, apiError, asset };
}

describe('security headers (security.md 29, 31)', () => {
  it('sends a CSP without unsafe-inline/unsafe-eval, with object-src none, base-uri none, frame-ancestors none and Trusted Types', async () => {
    const { html } = await responses();
    const policy = directives(html.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('require-trusted-types-for')).toEqual(["'script'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    const header = String(html.headers['content-security-policy']);
    expect(header).not.toContain('unsafe-inline');
    expect(header).not.toContain('unsafe-eval');
  });

  it('upgrades insecure requests only when the public origin is https', async () => {
    expect(
      directives((await responses()).html.headers['content-security-policy']).has(
        'upgrade-insecure-requests',
      ),
    ).toBe(false);
    await app?.close();
    const secure = await responses({ PUBLIC_ORIGIN: 'https://fund.example.jp' });
    expect(directives(secure.html.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
      true,
    );
  });

  it('sends HSTS of at least a year with subdomains, nosniff, the referrer policy and no framing', async () => {
    const all = await responses();
    for (const [name, response] of Object.entries(all)) {
      const hsts = String(response.headers['strict-transport-security']);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), name).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts, name).toContain('includeSubDomains');
      expect(response.headers['x-content-type-options'], name).toBe('nosniff');
      expect(response.headers['referrer-policy'], name).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options'], name).toBe('DENY');
    }
  });

  it('marks every response noindex, nofollow: HTML, API, API errors and assets', async () => {
    const all = await responses();
    for (const [name, response] of Object.entries(all)) {
      expect(response.headers['x-robots-tag'], name).toBe('noindex, nofollow');
    }
  });

  it('sends Cache-Control: no-store on API answers, errors included', async () => {
    const { api, apiError } = await responses();
    expect(api.headers['cache-control']).toBe('no-store');
    expect(apiError.headers['cache-control']).toBe('no-store');
    const openApi = await app?.inject({ method: 'GET', url: '/docs/json' });
    expect(openApi?.headers['cache-control']).toBe('no-store');
  });

  it('relaxes the CSP on /docs only: no Trusted Types and inline styles for Swagger UI, scripts still self', async () => {
    app = await buildTestApp();
    const docs = await app.inject({ method: 'GET', url: '/docs' });
    expect(docs.statusCode).toBe(200);
    const policy = directives(docs.headers['content-security-policy']);
    expect(policy.has('require-trusted-types-for')).toBe(false);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);

    const other = await app.inject({ method: 'GET', url: '/maintenance/status' });
    expect(directives(other.headers['content-security-policy']).get('require-trusted-types-for')).toEqual([
      "'script'",
    ]);
  });
});

describe('the trade-report site at its configured address', () => {
  it('may be framed by the app: frame-src names its origin, nothing else of the policy opens', async () => {
    const app = await buildTestApp({
      env: { PARTNER_TRADE_REPORTS_URL: 'https://reports.example.jp/fund/list' },
    });
    try {
      const policy = (await app.inject({ method: 'GET', url: '/healthz' })).headers[
        'content-security-policy'
      ];
      expect(policy).toContain("frame-src 'self' https://reports.example.jp;");
      expect(policy).toContain("default-src 'self';");
      expect(policy).toContain("frame-ancestors 'none'");
    } finally {
      await app.close();
    }
  });
});
