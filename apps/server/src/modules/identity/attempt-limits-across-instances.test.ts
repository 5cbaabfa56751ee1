import { attemptWindows, seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { AttemptLimiter } from './sign-in-rate-limiter.ts';
import { authorizeUrl, interactionUid, TestBrowser } from './test/oidc-test-client.ts';

// Decision 027: the limits live in the database, so two server instances on one database (here two
// Fastify apps; on PostgreSQL with DATABASE_URL set) give an attacker the limit once, not twice.
let database: TestDatabase;
const apps: App[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  const shared = { ...database, close: async () => {} };
  const env = {
    SIGN_IN_RATE_LIMIT_PER_ACCOUNT: '4',
    SIGN_IN_RATE_LIMIT_PER_IP: '1000',
    SIGN_IN_LOCK_THRESHOLD: '100',
  };
  apps.push(await buildTestApp({ database: shared, env }), await buildTestApp({ database: shared, env }));
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.drop();
});

beforeEach(async () => {
  await database.db.delete(attemptWindows);
});

async function wrongPassword(app: App, accountNumber: string) {
  const browser = new TestBrowser(app);
  const uid = interactionUid(await browser.request('GET', authorizeUrl()));
  return browser.request('POST', `/auth/v1/interaction/${uid}/login`, {
    form: { account_number: accountNumber, password: 'wrong-password' },
  });
}

describe('attempt limits shared by every server instance on one database', () => {
  it('four wrong passwords split over two instances reach the per-account limit of 4: the fifth is 429 on either', async () => {
    const [first, second] = apps as [App, App];
    const statuses: number[] = [];
    for (const app of [first, second, first, second, first, second]) {
      statuses.push((await wrongPassword(app, '1000004')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('concurrent attempts from two limiters on one key never let more than the limit through', async () => {
    const limiterOf = () =>
      new AttemptLimiter({
        db: database.db,
        name: 'test',
        limit: 5,
        windowMs: 60_000,
        now: () => Date.now(),
      });
    const [a, b] = [limiterOf(), limiterOf()];
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? a : b).hit('ip:203.0.113.9')),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    const refused = verdicts.find((verdict) => !verdict.allowed);
    expect(refused).toMatchObject({ allowed: false });
    expect(refused !== undefined && !refused.allowed && refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('an ended window starts again at the next attempt; keys and limiter names count apart', async () => {
    let now = Date.parse('2026-11-26T03:00:00Z');
    const limiter = new AttemptLimiter({
      db: database.db,
      name: 'test',
      limit: 2,
      windowMs: 60_000,
      now: () => now,
    });
    const other = new AttemptLimiter({
      db: database.db,
      name: 'other',
      limit: 2,
      windowMs: 60_000,
      now: () => now,
    });
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect(await limiter.hit('k')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect((await limiter.hit('another key')).allowed).toBe(true);
    expect((await other.hit('k')).allowed).toBe(true);
    now += 45_000;
    expect(await limiter.hit('k')).toEqual({ allowed: false, retryAfterSeconds: 15 });
    now += 15_000;
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(false);
  });

  it('a key longer than a row holds is counted under its hash', async () => {
    const limiter = new AttemptLimiter({
      db: database.db,
      name: 'test',
      limit: 1,
      windowMs: 60_000,
      now: () => Date.now(),
    });
    const long = `${'a'.repeat(300)}@example.jp`;
    expect((await limiter.hit(long)).allowed).toBe(true);
    expect((await limiter.hit(long)).allowed).toBe(false);
    expect((await limiter.hit(`b${long}`)).allowed).toBe(true);
    const keys = (await database.db.select().from(attemptWindows)).map((row) => row.key);
    expect(keys.every((key) => key.length <= 200)).toBe(true);
  });
});
