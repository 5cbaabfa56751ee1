import { fundNavs, holdings, journalEntries, journalLines, orders, trades, type NewTrade } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant } from '@fund/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { manySignInsEnv } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { accessTokenOf, insertCustomer, insertFund, send, TestClock } from '../../test/trading-fixtures.ts';

const startup = 60_000;

let database: TestDatabase;
let app: App;
const clock = new TestClock();
/**
 * The tests' "now" (Saturday 2026-11-21, 10:00 JST): other dates are replayed from the trades. Never later
 * than the real time: the access tokens are issued with the real clock.
 */
const saturday = jstInstant(2026, 11, 21, 10);
let investorToken: string;
let otherToken: string;

const investor = '2200001';
const other = '2200002';

interface AssetsAnswer {
  referenceDate: string;
  holdings: {
    accountType: string;
    fund: { code: string };
    units: string;
    pendingSellUnits: string;
    value: string;
    bookValue: string;
    gainLoss: string;
    dayChange: string;
    navDate: string | null;
    previousNavDate: string | null;
    cancellationPrice: string | null;
  }[];
  byAccountType: { accountType: string; value: string }[];
  total: { value: string; bookValue: string; gainLoss: string; dayChange: string };
  cashBalance: string;
}

async function assetsOn(token: string, date?: string) {
  const response = await send(
    app,
    token,
    'GET',
    date === undefined ? '/v1/assets' : `/v1/assets?date=${date}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json<AssetsAnswer>();
}

function buyTrade(
  customerId: string,
  fundId: string,
  accountType: 'specific' | 'nisa2_tsumitate',
  units: bigint,
  price: bigint,
  tradeDate: string,
  settlementDate: string,
): NewTrade {
  return {
    customerId,
    accountType,
    fundId,
    type: 'FUND',
    side: 'BUY',
    units,
    pricePer10k: price,
    amount: (units * price + 9_999n) / 10_000n,
    tradeDate,
    settlementDate,
  };
}

beforeAll(async () => {
  clock.instant = saturday;
  database = await createTestDatabase();
  const db = database.db;
  // F: 0.1% 信託財産留保額; G: none
  const fundF = await insertFund(db, { code: 'ASSTF001', retentionFeeBasisPoints: 10 });
  const fundG = await insertFund(db, { code: 'ASSTF002', retentionFeeBasisPoints: 0 });
  const customerId = await insertCustomer(db, investor);
  await insertCustomer(db, other);

  await db.insert(fundNavs).values([
    { fundId: fundF, navDate: '2026-11-02', nav: 11_000n },
    { fundId: fundF, navDate: '2026-11-19', nav: 12_300n },
    { fundId: fundF, navDate: '2026-11-20', nav: 12_345n },
    { fundId: fundG, navDate: '2026-11-02', nav: 10_000n },
    { fundId: fundG, navDate: '2026-11-17', nav: 10_100n },
    { fundId: fundG, navDate: '2026-11-18', nav: 10_200n },
    { fundId: fundG, navDate: '2026-11-20', nav: 10_500n },
    // Monday 2026-11-23 is 勤労感謝の日: no NAV; the next is Tuesday
    { fundId: fundG, navDate: '2026-11-24', nav: 10_700n },
  ]);
  await db.insert(trades).values([
    buyTrade(customerId, fundF, 'specific', 123_457n, 11_000n, '2026-11-02', '2026-11-06'),
    buyTrade(customerId, fundG, 'nisa2_tsumitate', 100_000n, 10_000n, '2026-11-02', '2026-11-06'),
    // a recurring (TSUMITATE) purchase priced on the 12th, delivered on the 18th
    buyTrade(customerId, fundG, 'nisa2_tsumitate', 50_000n, 10_000n, '2026-11-12', '2026-11-18'),
  ]);
  // a sell of 23,457 units of F placed on the 20th and settling on the 30th: deducted at once
  await db.insert(orders).values({
    customerId,
    accountType: 'specific',
    fundId: fundF,
    channel: 'SELL',
    orderType: 'QUANTITY',
    idempotencyKey: 'assets-test-sell',
    requestedUnits: 23_457n,
    reservedUnits: 23_457n,
    applicationDate: '2026-11-24',
    tradeDate: '2026-11-25',
    settlementDate: '2026-11-30',
    cancelDeadline: jstInstant(2026, 11, 24, 15),
    createdAt: jstInstant(2026, 11, 20, 16), // placed on Friday after the cut-off
  });
  // the holdings as settlement leaves them after the 18th: units, 簿価, 個別元本, units the sell reserves
  await db.insert(holdings).values([
    {
      customerId,
      accountType: 'specific',
      fundId: fundF,
      units: 123_457n,
      reservedUnits: 23_457n,
      bookValue: 135_803n,
      costBasisPer10k: 11_000n,
    },
    {
      customerId,
      accountType: 'nisa2_tsumitate',
      fundId: fundG,
      units: 150_000n,
      bookValue: 150_000n,
      costBasisPer10k: 10_000n,
    },
  ]);
  // 50,000 yen deposited on 2026-11-02 (お預り金)
  const [entry] = await db
    .insert(journalEntries)
    .values({ kind: 'deposit', businessDate: '2026-11-02', customerId })
    .returning({ id: journalEntries.id });
  await db.insert(journalLines).values([
    { entryId: entry!.id, account: 'customer_cash', customerId, amount: -50_000n },
    { entryId: entry!.id, account: 'bank_clearing', amount: 50_000n },
  ]);

  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    env: { ...manySignInsEnv },
    clock,
  });
  investorToken = await accessTokenOf(app, investor);
  otherToken = await accessTokenOf(app, other);
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe(
  'GET /v1/assets: valuation at 解約価額 on the reference date (spec §9)',
  { timeout: startup },
  () => {
    it('values at the 解約価額 with a 0.1% fee and deducts the pending sell (NAV 12,345, arithmetic written out)', async () => {
      const assets = await assetsOn(investorToken, '2026-11-21'); // Saturday: the latest NAV is Friday's
      const f = assets.holdings.find((holding) => holding.fund.code === 'ASSTF001')!;
      // settled 123,457 units, 23,457 reserved by the sell order → 100,000 shown
      // 信託財産留保額 ⌈12,345 × 10 ÷ 10,000⌉ = 13 → 解約価額 12,332
      // value ⌊100,000 × 12,332 ÷ 10,000⌋ = 123,320; 簿価 of the settled units 135,803 less the pending
      // sell's share ⌊135,803 × 23,457 ÷ 123,457⌋ = ⌊25,802.6⌋ = 25,802 → 110,001 (book-value.ts)
      // previous NAV 12,300 → 解約価額 12,300 − ⌈12.3⌉ = 12,287 → ⌊100,000 × 12,287 ÷ 10,000⌋ = 1,228,700
      expect(f).toMatchObject({
        accountType: 'specific',
        units: '100000',
        pendingSellUnits: '23457',
        navDate: '2026-11-20',
        previousNavDate: '2026-11-19',
        cancellationPrice: '12332',
        value: '123320',
        bookValue: '110001',
        gainLoss: '13319',
        dayChange: '450',
      });
    });

    it('counts a recurring purchase only from its delivery date (受渡日 2026-11-18)', async () => {
      // the sell placed on the 20th is not deducted on an earlier reference date
      const f17 = (await assetsOn(investorToken, '2026-11-17')).holdings.find(
        (h) => h.fund.code === 'ASSTF001',
      )!;
      expect(f17).toMatchObject({ units: '123457', pendingSellUnits: '0' });
      const before = (await assetsOn(investorToken, '2026-11-17')).holdings.find(
        (h) => h.fund.code === 'ASSTF002',
      )!;
      // 17th: 100,000 units × 10,100 ÷ 10,000 = 101,000; day change vs the 2nd's 10,000: +1,000
      expect(before).toMatchObject({
        units: '100000',
        value: '101000',
        dayChange: '1000',
        bookValue: '100000',
      });
      const on = (await assetsOn(investorToken, '2026-11-18')).holdings.find(
        (h) => h.fund.code === 'ASSTF002',
      )!;
      // 18th: 150,000 units × 10,200 ÷ 10,000 = 153,000; day change of those units vs 10,100: 150,000 × 100 ÷ 10,000 = 1,500
      expect(on).toMatchObject({ units: '150000', value: '153000', dayChange: '1500', bookValue: '150000' });
    });

    it('day change across a holiday compares with the NAV before the holiday (Tue 24th vs Fri 20th)', async () => {
      // the 24th's NAV is published from its cut-off (blind pricing): seen on the evening of the 24th
      clock.instant = jstInstant(2026, 11, 24, 18);
      const g = (await assetsOn(investorToken, '2026-11-24')).holdings.find(
        (h) => h.fund.code === 'ASSTF002',
      )!;
      clock.instant = saturday;
      // 150,000 × (10,700 − 10,500) ÷ 10,000 = 3,000
      expect(g).toMatchObject({
        navDate: '2026-11-24',
        previousNavDate: '2026-11-20',
        value: '160500',
        dayChange: '3000',
      });
    });

    it('subtotals per account type, a total and the cash balance apart', async () => {
      const assets = await assetsOn(investorToken, '2026-11-21');
      // specific 123,320 (F, as above); nisa2_tsumitate 150,000 × 10,500 ÷ 10,000 = 157,500
      // day change: F 450; G 150,000 × (10,500 − 10,200, the NAV before the 20th is the 18th's) ÷ 10,000 = 4,500
      expect(assets.byAccountType).toEqual([
        expect.objectContaining({ accountType: 'specific', value: '123320' }),
        expect.objectContaining({ accountType: 'nisa2_tsumitate', value: '157500' }),
      ]);
      expect(assets.total).toEqual({
        value: '280820',
        bookValue: '260001',
        gainLoss: '20819',
        dayChange: '4950',
      });
      expect(assets.cashBalance).toBe('50000');
      expect((await assetsOn(investorToken, '2026-11-01')).cashBalance).toBe('0');
    });

    it('uses today (JST) by default', async () => {
      clock.instant = jstInstant(2026, 11, 21, 0, 30); // 2026-11-20T15:30Z is already the 21st in Japan
      expect((await assetsOn(investorToken)).referenceDate).toBe('2026-11-21');
      clock.instant = saturday;
    });

    it('reads today from the holdings settlement keeps, equal to replaying the trades up to today', async () => {
      const today = await assetsOn(investorToken);
      const todayByDate = await assetsOn(investorToken, '2026-11-21');
      clock.instant = jstInstant(2026, 11, 25, 10); // the 21st is then in the past: replayed
      const replayed = await assetsOn(investorToken, '2026-11-21');
      clock.instant = saturday;
      expect(today).toEqual(replayed);
      expect(todayByDate).toEqual(replayed);
    });

    it('shows nothing of another customer', async () => {
      const assets = await assetsOn(otherToken, '2026-11-21');
      expect(assets).toMatchObject({ holdings: [], byAccountType: [], cashBalance: '0' });
      expect(assets.total).toEqual({ value: '0', bookValue: '0', gainLoss: '0', dayChange: '0' });
    });

    it.each(['2026-13-01', '2026-02-30', 'today', '20261121'])('refuses date=%s with 400', async (date) => {
      const response = await send(app, investorToken, 'GET', `/v1/assets?date=${date}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: '400-000' });
    });
  },
);

describe('GET /v1/assets/history: value and cost series', { timeout: startup }, () => {
  it('gives one point a day, equal to the valuation of the settled units', async () => {
    const response = await send(
      app,
      investorToken,
      'GET',
      '/v1/assets/history?from=2026-11-01&to=2026-11-24',
    );
    expect(response.statusCode).toBe(200);
    const history = response.json<{ points: { date: string; value: string; cost: string }[] }>();
    expect(history.points).toHaveLength(24);
    expect(history.points[0]).toEqual({ date: '2026-11-01', value: '0', cost: '0' });
    // 20th: F 123,457 × 12,332 ÷ 10,000 = 152,247 (⌊152,247.17⌋); G 150,000 × 10,500 ÷ 10,000 = 157,500
    // cost: F ⌈123,457 × 11,000 ÷ 10,000⌉ = 135,803; G 100,000 + 50,000
    expect(history.points.find((point) => point.date === '2026-11-20')).toEqual({
      date: '2026-11-20',
      value: '309747',
      cost: '285803',
    });
    // 17th: G before its recurring purchase is delivered: 100,000 × 10,100 ÷ 10,000 = 101,000
    // F at the 2nd's NAV 11,000 → 解約価額 10,989: ⌊123,457 × 10,989 ÷ 10,000⌋ = 135,666
    expect(history.points.find((point) => point.date === '2026-11-17')).toMatchObject({ value: '236666' });
  });

  it('gives month ends and the last day with interval=month', async () => {
    const response = await send(
      app,
      investorToken,
      'GET',
      '/v1/assets/history?from=2026-09-15&to=2026-11-24&interval=month',
    );
    expect(response.json<{ points: { date: string }[] }>().points.map((point) => point.date)).toEqual([
      '2026-09-30',
      '2026-10-31',
      '2026-11-24',
    ]);
  });

  it.each(['from=2026-11-24&to=2026-11-01', 'from=2010-01-01&to=2026-11-01', 'interval=week', 'from=1e3'])(
    'refuses %s with 400',
    async (query) => {
      const response = await send(app, investorToken, 'GET', `/v1/assets/history?${query}`);
      expect(response.statusCode).toBe(400);
    },
  );
});
