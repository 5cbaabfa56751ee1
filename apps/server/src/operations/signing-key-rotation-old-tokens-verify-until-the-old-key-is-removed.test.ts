import { seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../test/customer-session.ts';
import { buildTestApp } from '../test/test-app.ts';
import { newSigningKey, withNewSigningKey, withoutSigningKey } from './production-secrets.ts';

// Issue 27 point 4 and docs/deployment.md "Rotating the signing key": a new key signs, the old one still
// verifies the tokens it signed until it is removed. Each step is a server started with that OIDC_JWKS
// on the same database, as the instances are after a rolling restart.
describe('signing key rotation: old tokens verify until the old key is removed', () => {
  let database: TestDatabase;
  const started: App[] = [];

  async function serverWith(keys: object): Promise<App> {
    const app = await buildTestApp({
      database: { ...database, close: async () => {} },
      env: { ...manySignInsEnv, OIDC_JWKS: JSON.stringify(keys) },
    });
    started.push(app);
    return app;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database);
  }, 60_000);
  afterAll(async () => {
    for (const app of started) await app.close();
    await database?.drop();
  });

  it('signs with the new key at once, verifies the old key’s tokens meanwhile, refuses them once the old key is gone', async () => {
    const old = { keys: [await newSigningKey(new Date('2026-05-01T00:00:00Z'))] };
    const before = await serverWith(old);
    const oldToken = (await signInCustomer(before, '1000001')).access_token;
    expect(decodeProtectedHeader(oldToken).kid).toBe(old.keys[0]!.kid);

    const rotated = await withNewSigningKey(old, new Date('2026-11-29T00:00:00Z'));
    expect(rotated.keys.map((key) => key.kid)).toEqual([rotated.keys[0]!.kid, old.keys[0]!.kid]);
    const during = await serverWith(rotated);
    expect((await callAs(during, oldToken, '/v1/assets')).statusCode).toBe(200);
    const newToken = (await signInCustomer(during, '1000001')).access_token;
    expect(decodeProtectedHeader(newToken).kid).toBe(rotated.keys[0]!.kid);

    const after = await serverWith(withoutSigningKey(rotated, old.keys[0]!.kid!));
    expect((await callAs(after, newToken, '/v1/assets')).statusCode).toBe(200);
    expect((await callAs(after, oldToken, '/v1/assets')).statusCode).toBe(401);
  }, 60_000);

  it('never removes the signing key, nor a key it does not have', async () => {
    const set = await withNewSigningKey({ keys: [await newSigningKey()] });
    expect(() => withoutSigningKey(set, set.keys[0]!.kid!)).toThrow(/is the signing key/);
    expect(() => withoutSigningKey(set, 'sig-unknown')).toThrow(/No key with kid sig-unknown/);
  });
});
