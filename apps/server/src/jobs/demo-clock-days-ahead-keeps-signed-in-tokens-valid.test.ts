// Issue 13, point 1: `npm run batch -- --date …` moves the demo clock days ahead, but tokens are signed on
// the real clock (the identity provider reads Date.now()). A token signed a minute ago must still be
// accepted, and the business dates must still follow the demo clock.
import { seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { addBusinessDays, isoDate, jstIsoDate } from '@fund/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { callAs, signInCustomer } from '../test/customer-session.ts';
import { buildTestApp } from '../test/test-app.ts';
import { advanceDemoClock, createDemoClock, type DemoClock } from './demo-clock.ts';

const startup = 120_000;

let database: TestDatabase;
let demoClock: DemoClock;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  demoClock = await createDemoClock(database, { hour: 18, minute: 0 }, { refreshMs: 60_000 });
  // the real clock is the system clock, as in `npm start`
  app = await buildTestApp({ database: { ...database, close: async () => {} }, clock: demoClock });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('the demo clock runs days ahead after the batch', { timeout: startup }, () => {
  it('still accepts the token signed before, and business dates follow the demo clock', async () => {
    const token = (await signInCustomer(app, '1000001')).access_token;
    const before = await callAs(app, token, '/v1/assets');
    expect(before.statusCode, before.body).toBe(200);

    // what `npm run batch -- --date <five business days on>` does to the clock
    const later = addBusinessDays(isoDate(jstIsoDate(new Date())), 5);
    await advanceDemoClock(database, later);
    await demoClock.refresh();
    expect(jstIsoDate(app.clock.now())).toBe(later);

    const after = await callAs(app, token, '/v1/assets');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json<{ referenceDate: string }>().referenceDate).toBe(later);
  });
});
