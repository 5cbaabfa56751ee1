import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../test/test-app.ts';

let database: TestDatabase;
let app: App | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('GET /healthz', () => {
  it('answers ok with the version and the database kind when the database answers', async () => {
    app = await buildTestApp({ database: { ...database, close: async () => {} } });
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', version: '1.0.20', database: database.kind });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with the error body when the database is down', async () => {
    app = await buildTestApp({ database });
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: '503-001',
      message: 'ただいまサービスをご利用いただけません。しばらく時間をおいて再度お試しください。',
    });
  });
});
