import { fundNavs, holdings, trades, type NewTrade } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant } from '@fund/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { manySignInsEnv } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { accessTokenOf, insertCustomer, insertFund, send, TestClock } from '../../test/trading-fixtures.ts';

// Issue 25: /assets showed 評価額 4,169,997円 / 評価損益 +677,114円 in its summary and 4,169,998円 /
// +677,115円 in the chart's summary for the same day. The summary values each holding (a fund in one
// account type) as ⌊units × 解約価額 ÷ 10,000⌋ and sums them (domain.md §1, valueHolding); the chart
// valued a fund held in two accounts once, on the summed units, so the two roundings fell a yen apart.
// One rule now, the summary's: round each holding once, then sum. Here a fund at NAV 10,001 is held in
// the 特定口座 and the つみたて投資枠, 5,000 units each: ⌊5,000.5⌋ + ⌊5,000.5⌋ = 10,000, whereas
// ⌊10,001⌋ = 10,001 on the summed 10,000 units.
const clock = new TestClock();
const accountNumber = '2500101';
let database: TestDatabase;
let app: App;
let token: string;

function buy(customerId: string, fundId: string, accountType: NewTrade['accountType']): NewTrade {
  return {
    customerId,
    accountType,
    fundId,
    type: 'FUND',
    side: 'BUY',
    units: 5_000n,
    pricePer10k: 10_000n,
    amount: 5_000n,
    tradeDate: '2026-11-02',
    settlementDate: '2026-11-06',
  };
}

beforeAll(async () => {
  clock.instant = jstInstant(2026, 11, 21, 10);
  database = await createTestDatabase();
  const db = database.db;
  const fundId = await insertFund(db, { code: 'SAMEY001', retentionFeeBasisPoints: 0 });
  const customerId = await insertCustomer(db, accountNumber);
  await db.insert(fundNavs).values([
    { fundId, navDate: '2026-11-02', nav: 10_000n },
    { fundId, navDate: '2026-11-19', nav: 10_001n },
  ]);
  await db
    .insert(trades)
    .values([buy(customerId, fundId, 'specific'), buy(customerId, fundId, 'nisa2_tsumitate')]);
  await db.insert(holdings).values(
    (['specific', 'nisa2_tsumitate'] as const).map((accountType) => ({
      customerId,
      accountType,
      fundId,
      units: 5_000n,
      bookValue: 5_000n,
      costBasisPer10k: 10_000n,
    })),
  );
  app = await buildTestApp({ database: { ...database, close: async () => {} }, clock, env: manySignInsEnv });
  token = await accessTokenOf(app, accountNumber);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

async function figuresOn(date: string) {
  const assets = await send(app, token, 'GET', `/v1/assets?date=${date}`);
  expect(assets.statusCode, assets.body).toBe(200);
  const history = await send(app, token, 'GET', `/v1/assets/history?from=${date}&to=${date}`);
  expect(history.statusCode, history.body).toBe(200);
  const { total } = assets.json<{ total: { value: string; bookValue: string; gainLoss: string } }>();
  const [point] = history.json<{ points: { date: string; value: string; cost: string }[] }>().points;
  return { total, point: point! };
}

describe('one fund in two accounts: the summary of /assets and its chart show one 評価額 and one 評価損益', () => {
  it.each([
    ['a past day, replayed from the trades', '2026-11-20'],
    ['today, from the holdings', '2026-11-21'],
  ])('%s (%s): 10,000円 and +0円 in both', async (_what, date) => {
    const { total, point } = await figuresOn(date);
    expect(total).toMatchObject({ value: '10000', bookValue: '10000', gainLoss: '0' });
    expect(point).toEqual({ date, value: '10000', cost: '10000' });
    expect(BigInt(point.value) - BigInt(point.cost)).toBe(BigInt(total.gainLoss));
  });
});
