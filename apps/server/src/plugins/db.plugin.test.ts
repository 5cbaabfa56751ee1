import { setTimeout as turns } from 'node:timers/promises';
import { ApiPath, RootLoadingPath } from '@fund/contracts';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import type { DatabaseHandle } from '@fund/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp, createWebDist, type WebDist } from '../test/test-app.ts';

let dist: WebDist;
let database: TestDatabase;
let app: App | undefined;

beforeAll(async () => {
  dist = createWebDist();
  database = await createTestDatabase();
});

afterAll(async () => {
  dist.remove();
  await database.drop();
});

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The database as main.ts hands it over: opened, ready for requests when the test says so. */
function databaseBeingPrepared() {
  let ready!: () => void;
  let fail!: (error: Error) => void;
  const databaseReady = new Promise<void>((resolve, reject) => {
    ready = resolve;
    fail = reject;
  });
  // the test drops the database itself (afterAll); the app's close must not
  const handle: DatabaseHandle = { ...database, close: async () => {} };
  return { handle, databaseReady, ready, fail };
}

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('a server that listens before its database is ready (npm start, decision 033)', () => {
  it('serves the web app while the database is being prepared, and every other request once it is ready', async () => {
    const { handle, databaseReady, ready } = databaseBeingPrepared();
    app = await buildTestApp({ env: { WEB_DIST_DIR: dist.dir }, database: handle, databaseReady });

    const page = await app.inject({ method: 'GET', url: '/', headers: { accept: browserAccept } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(dist.indexHtml);
    const screen = await app.inject({ url: '/assets/nisaBalance', headers: { accept: browserAccept } });
    expect(screen.body).toBe(dist.indexHtml);
    const entry = await app.inject({ url: dist.assetPath });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toBe(dist.assetBody);

    const starting = await app.inject({ url: ApiPath.health });
    expect(starting.statusCode, 'a probe is told at once that the server is not ready').toBe(503);
    expect(starting.json()).toMatchObject({ code: '503-001' });

    let lastLogIn: Awaited<ReturnType<App['inject']>> | undefined;
    const lastLogInAsked = app
      .inject({ url: RootLoadingPath.lastLogIn })
      .then((response) => (lastLogIn = response));
    await turns(50);
    expect(lastLogIn, 'an API call waits for the database').toBeUndefined();

    ready();
    // the route's own checks run once the database is there: no token, the spec's 401
    expect((await lastLogInAsked).statusCode).toBe(401);
    const health = await app.inject({ url: ApiPath.health });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: database.kind });
  });

  it('answers a request that waited with an error when the database could not be prepared, and still closes', async () => {
    const { handle, databaseReady, fail } = databaseBeingPrepared();
    app = await buildTestApp({ env: { WEB_DIST_DIR: dist.dir }, database: handle, databaseReady });
    const called = app.inject({ url: RootLoadingPath.lastLogIn });
    fail(new Error('migration failed'));
    const answer = await called;
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ code: expect.any(String) });
    await expect(app.close()).resolves.toBeUndefined();
    app = undefined;
  });
});
