import { migrateDatabase, openDatabase, seedDemoData, type DatabaseHandle } from '@fund/db';
import { createPostgresTestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../test/customer-session.ts';
import { CuttableRelay } from '../test/cuttable-relay.ts';
import { buildTestApp } from '../test/test-app.ts';

const serverUrl = process.env.DATABASE_URL ?? '';

describe.runIf(serverUrl.startsWith('postgres'))(
  'PostgreSQL unreachable mid-traffic (issue 20 point 4)',
  () => {
    let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
    let relay: CuttableRelay;
    let database: DatabaseHandle;
    let app: App;

    beforeAll(async () => {
      created = await createPostgresTestDatabase(serverUrl);
      const direct = await openDatabase({ url: created.url, poolSize: 2 });
      try {
        await migrateDatabase(direct);
        await seedDemoData(direct);
      } finally {
        await direct.close();
      }
      const target = new URL(created.url);
      relay = new CuttableRelay({ host: target.hostname, port: Number(target.port || 5432) });
      const relayed = new URL(created.url);
      relayed.host = `127.0.0.1:${await relay.listen()}`;
      database = await openDatabase({ url: relayed.toString(), poolSize: 4 });
      app = await buildTestApp({ database, env: manySignInsEnv });
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      relay?.server.close();
      await created?.drop();
    });

    it('answers 503 with Retry-After while the database is cut off, and recovers without a restart', async () => {
      const tokens = await signInCustomer(app, '1000001');
      const assets = () => callAs(app, tokens.access_token, '/v1/assets');
      expect((await assets()).statusCode).toBe(200);

      relay.cut();
      const during = await assets();
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe('5');
      expect(during.json()).toMatchObject({ code: '503-001' });
      expect(during.body).not.toMatch(/ECONN|127\.0\.0\.1|terminated|select/i);

      relay.restore();
      await expect
        .poll(async () => (await assets()).statusCode, { timeout: 10_000, interval: 200 })
        .toBe(200);
    });
  },
);
