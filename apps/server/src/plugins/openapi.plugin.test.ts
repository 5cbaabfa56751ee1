import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp } from '../test/test-app.ts';

let app: App | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown> };
}

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
  );
}

describe('OpenAPI document at /docs/json', () => {
  it('is OpenAPI 3.1 titled with the service name and version 1.0.20', async () => {
    app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: '投資信託 オンラインサービス', version: '1.0.20' });
  });

  it('lists /healthz and /maintenance/status with their success and error answers', async () => {
    app = await buildTestApp();
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDocument>();
    expect(Object.keys(document.paths['/healthz']?.['get']?.responses ?? {})).toEqual(['200', '503']);
    expect(Object.keys(document.paths['/maintenance/status']?.['get']?.responses ?? {})).toEqual([
      '200',
      '503',
    ]);
    expect(JSON.stringify(document.paths['/maintenance/status'])).toContain('#/components/schemas/ErrorBody');
  });

  it('resolves every $ref to a component (ErrorBody, Health, MaintenanceStatus from the contracts)', async () => {
    app = await buildTestApp();
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDocument>();
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['ErrorBody', 'Health', 'MaintenanceStatus']),
    );
    const refs = refsIn(document.paths);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(document.components.schemas, ref).toHaveProperty([ref.replace('#/components/schemas/', '')]);
    }
  });

  it('does not list the web app, the docs themselves or static files', async () => {
    app = await buildTestApp();
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDocument>();
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/auth/v1/operator/profile',
        '/auth/v1/sessions/revoke/global',
        '/auth/v1/user/profile',
        '/healthz',
        '/maintenance/status',
      ]),
    );
    // only API calls: no pages (sign-in, sign-up, reset), provider, docs, static files or web app
    const notApi = paths.filter(
      (path) =>
        !/^\/(auth\/v1\/|healthz$|maintenance\/|v1\/|v6\/|balance\/|inbound\/)/.test(path) ||
        /^\/auth\/v1\/(static|interaction|signup|password\/reset)(\/|$)/.test(path),
    );
    expect(notApi).toEqual([]);
  });

  it('serves the Swagger UI page at /docs', async () => {
    app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');
  });
});

describe('bearer security in /docs/json (issue 13 point 11)', () => {
  it('declares bearer on the calls that check a token and on none of the others', async () => {
    app = await buildTestApp();
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown }>>;
      components: { securitySchemes?: Record<string, unknown> };
    }>();
    expect(document.components.securitySchemes?.['bearerAuth']).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const bearer = [{ bearerAuth: [] }];
    expect(document.paths['/v1/assets']?.['get']?.security).toEqual(bearer);
    expect(document.paths['/v1/orders/buy']?.['post']?.security).toEqual(bearer);
    expect(document.paths['/v6/accounts']?.['get']?.security).toEqual(bearer);
    expect(document.paths['/auth/v1/operator/profile']?.['get']?.security).toEqual(bearer);
    // explicitly none on the public calls, so no client takes them for forgotten (issue 26 point 10)
    expect(document.paths['/healthz']?.['get']?.security).toEqual([]);
    expect(document.paths['/maintenance/status']?.['get']?.security).toEqual([]);
    expect(document.paths['/auth/v1/register']?.['post']?.security).toEqual([]);
  });
});

describe('Redocly recommended rules on /docs/json (issue 26 point 10)', () => {
  it('finds no error, every operation named and no unused component', async () => {
    app = await buildTestApp();
    const source = (await app.inject({ method: 'GET', url: '/docs/json' })).body;
    const problems = await lintFromString({
      source,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const described = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`,
    );
    expect(described.filter((problem) => problem.startsWith('error '))).toEqual([]);
    // warnings the recommended rules leave as such, but this document keeps none of
    const refused = ['operation-operationId', 'no-unused-components', 'security-defined', 'no-empty-servers'];
    expect(problems.filter((problem) => refused.includes(problem.ruleId))).toEqual([]);
  });

  it('names each operation as a generated client would call it, once', async () => {
    app = await buildTestApp();
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { operationId?: string }>>;
    }>();
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    const names = operations.map((operation) => operation.operationId);
    expect(names.filter((name) => name === undefined || !/^[a-z][A-Za-z0-9]+$/.test(name))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect(document.paths['/v1/orders/buy']?.['post']?.operationId).toBe('placeBuyOrder');
    expect(document.paths['/v1/informations']?.['get']?.operationId).toBe('listNotices');
  });
});
