import { holdings, orders, pointsLedger } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import {
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  linkCard,
  morningOf,
  runDay,
} from './test/batch-fixtures.ts';

// Issue 25: a customer's same-day buys of a fund it did not hold yet stopped the night's batch with
// `duplicate key value violates unique constraint "holdings_customer_id_account_type_fund_id_pk"`: two
// workers each settled one of the buys, each found no holding row to lock and each inserted one.

const onPostgres = Boolean(process.env.DATABASE_URL);
/** 12,345 yen per 10,000 units: the units are not the yen, and 個別元本 must come out at the NAV. */
const nav = 12_345n;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Buy {
  readonly amount: bigint;
  readonly points: bigint;
}

/** The audit's three buys of DEMOF002: 20,000, 15,000 with 1,000 points, 12,000. */
const auditBuys: readonly Buy[] = [
  { amount: 20_000n, points: 0n },
  { amount: 15_000n, points: 1_000n },
  { amount: 12_000n, points: 0n },
];

/** `count` buys of 10,000, 11,000, … yen; with points, every second one pays 1,000 points. */
function buys(count: number, withPoints: boolean): Buy[] {
  return Array.from({ length: count }, (_, index) => ({
    amount: 10_000n + BigInt(index) * 1_000n,
    points: withPoints && index % 2 === 1 ? 1_000n : 0n,
  }));
}

const scenarios: { name: string; buys: readonly Buy[]; chunkSize?: number }[] = [
  { name: 'two buys, one with points (the audit’s DEMOF003)', buys: buys(2, true) },
  { name: 'the audit’s three buys of DEMOF002', buys: auditBuys },
  { name: 'two buys without points', buys: buys(2, false) },
  { name: 'five buys with points', buys: buys(5, true) },
  { name: 'five buys without points, every item on the per-item path', buys: buys(5, false), chunkSize: 0 },
  { name: 'ten buys with points, every item on the per-item path', buys: buys(10, true), chunkSize: 0 },
  { name: 'ten buys without points', buys: buys(10, false) },
];

describe(`same-day buys of a fund the customer does not hold yet settle into one holding (${onPostgres ? 'PostgreSQL, four workers' : 'PGlite'})`, () => {
  let database: TestDatabase;
  const funds = new Map<string, { id: string; code: string }>();

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const [index] of scenarios.entries()) {
      const code = `NEWF${String(index).padStart(4, '0')}`;
      // settles on the 約定日 (lag 0): executed and settled by the run of the day it was ordered
      const id = await insertFund(database, { code, buySettlementLagDays: 0 });
      await insertNavs(database, id, '2026-11-30', '2026-12-04', nav);
      funds.set(code, { id, code });
    }
  }, 60_000);
  afterAll(() => database.drop());

  it.each(scenarios.map((scenario, index) => ({ ...scenario, index })))(
    '$name',
    async ({ buys: theBuys, chunkSize, index }) => {
      const code = `NEWF${String(index).padStart(4, '0')}`;
      const fund = funds.get(code)!;
      const customerId = await insertCustomer(database, { fundIds: [fund.id], cash: 1_000_000n });
      await linkCard(database, customerId);
      await database.db.insert(pointsLedger).values({
        customerId,
        kind: 'GRANTED',
        points: 20_000n,
        occurredOn: '2026-11-02',
        note: 'テストキャンペーン',
      });
      for (const [number, buy] of theBuys.entries()) {
        await database.db.transaction((tx) =>
          placeBuyOrder(tx, {
            customerId,
            fundCode: code,
            accountType: 'specific',
            orderType: 'AMOUNT',
            amount: buy.amount,
            points: buy.points,
            channel: 'BUY',
            idempotencyKey: `api:${code}-${number}`,
            now: morningOf('2026-12-01'),
          }),
        );
      }

      const report = await runDay(database, '2026-12-01', {
        workers: 4,
        chunkSize,
        hooks: {
          // each settlement holds its transaction open a little, so the workers' settlements of one
          // customer's buys overlap as on a busy night
          async beforeCommit(step) {
            if (step === 'settle-orders' && onPostgres) await sleep(150);
          },
        },
      });

      const settlement = report.steps.find((step) => step.step === 'settle-orders');
      expect(settlement).toMatchObject({ failed: 0, outcomes: { 'buy-settled': theBuys.length } });
      const rows = await database.db
        .select()
        .from(holdings)
        .where(and(eq(holdings.customerId, customerId), eq(holdings.fundId, fund.id)));
      // ⌊amount × 10,000 ÷ 12,345⌋ units per buy, 簿価 the yen paid (points included), 個別元本 the NAV
      const units = theBuys.reduce((sum, buy) => sum + (buy.amount * 10_000n) / nav, 0n);
      const bookValue = theBuys.reduce((sum, buy) => sum + buy.amount, 0n);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        accountType: 'specific',
        units,
        reservedUnits: 0n,
        bookValue,
        costBasisPer10k: nav,
      });
      const statuses = await database.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.customerId, customerId));
      expect(statuses.map((row) => row.status)).toEqual(theBuys.map(() => 'COMPLETED'));
      await expectLedgerConsistent(database);
    },
    60_000,
  );
});
