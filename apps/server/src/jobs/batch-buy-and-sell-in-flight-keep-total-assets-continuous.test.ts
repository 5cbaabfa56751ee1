// Issue 13, point 4 (domain.md §2 "Money in flight"): between placing and 受渡日 neither side of a trade
// drops out of 総資産. One spot buy and one spot sell walk through every day of their life; at a constant
// NAV of 10,000 (1 yen a unit, no 信託財産留保額, no gain so no tax) nothing but a price move could change
// the total, so it must stay at the 300,000 yen deposited, day after day, in today's view and in the
// view of a past reference date alike.
import type { Assets } from '@fund/contracts';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { addCalendarDays, isBusinessDay, isoDate, jstInstant, type IsoDate } from '@fund/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetsService } from '../modules/assets/assets.service.ts';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { placeSellOrder } from '../modules/trading/sell-placement.ts';
import {
  insertCustomer,
  insertFund,
  insertNavs,
  morningOf,
  orderById,
  runDay,
  runDays,
} from './test/batch-fixtures.ts';

const deposited = 300_000n;

/** 20:00 JST on `date`: after that day's batch. */
function eveningOf(date: IsoDate): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return jstInstant(year, month, day, 20, 0);
}

function totalOf(assets: Assets): bigint {
  return (
    BigInt(assets.total.value) +
    BigInt(assets.cashBalance) +
    BigInt(assets.inTransit.buys) +
    BigInt(assets.inTransit.sells)
  );
}

describe('a buy and a sell in flight keep 総資産 continuous on every day of their life', () => {
  let database: TestDatabase;
  let customerId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    // domestic no-load fund: 約定日 = 申込日, 受渡日 = 約定日 + 3 business days
    const fundId = await insertFund(database, { code: 'FLIGHT01' });
    customerId = await insertCustomer(database, { fundIds: [fundId], cash: deposited });
    // from 11-24: the NAV an order on the morning of 11-25 is estimated from (blind pricing)
    await insertNavs(database, fundId, '2026-11-24', '2026-12-31', 10_000n);
    // the units to sell later: 100,000 yen bought on Wed 11-25, settled Mon 11-30 (11-26, 27, 30)
    await database.db.transaction((tx) =>
      placeBuyOrder(tx, {
        customerId,
        fundCode: 'FLIGHT01',
        accountType: 'specific',
        orderType: 'AMOUNT',
        amount: 100_000n,
        channel: 'BUY',
        idempotencyKey: 'api:flight-holding',
        now: morningOf('2026-11-25'),
      }),
    );
    await runDays(database, '2026-11-25', '2026-11-30');
  }, 120_000);
  afterAll(() => database.drop());

  it('placed Tue 12-01, executed 12-01, settled Fri 12-04: 300,000 yen every day from 11-30 to 12-07', async () => {
    // cash 200,000 + 100,000 units × 1 yen = 300,000 before anything is in flight
    const days: IsoDate[] = [];
    for (let date = '2026-11-30' as IsoDate; date <= '2026-12-07'; date = addCalendarDays(date, 1)) {
      days.push(date);
    }
    const seen: { date: IsoDate; today: Assets }[] = [];
    for (const date of days) {
      if (date === '2026-12-01') {
        const [buy, sell] = await database.db.transaction(async (tx) => [
          await placeBuyOrder(tx, {
            customerId,
            fundCode: 'FLIGHT01',
            accountType: 'specific',
            orderType: 'AMOUNT',
            amount: 100_000n,
            channel: 'BUY',
            idempotencyKey: 'api:flight-buy',
            now: morningOf(date),
          }),
          await placeSellOrder(tx, {
            customerId,
            fundCode: 'FLIGHT01',
            accountType: 'specific',
            orderType: 'QUANTITY',
            units: 40_000n,
            channel: 'SELL',
            idempotencyKey: 'api:flight-sell',
            now: morningOf(date),
          }),
        ]);
        expect(buy).toMatchObject({ tradeDate: '2026-12-01', settlementDate: '2026-12-04' });
        expect(sell).toMatchObject({ tradeDate: '2026-12-01', settlementDate: '2026-12-04' });
        // placed, before 約定日's batch: the buy's 100,000 left お預り金 for 受渡待ち; the sell's
        // 40,000 units are deducted and shown as the estimate of their value
        const placed = await new AssetsService(database.db, () => morningOf(date)).assets(
          customerId,
          undefined,
        );
        expect(placed).toMatchObject({
          cashBalance: '100000',
          total: { value: '60000' },
          inTransit: { buys: '100000', sells: '40000' },
          totalAssets: '300000',
        });
        expect(placed.holdings[0]).toMatchObject({ pendingSellUnits: '40000', pendingSellValue: '40000' });
        const [buyRow, sellRow] = [await orderById(database, buy.id), await orderById(database, sell.id)];
        expect([buyRow.status, sellRow.status]).toEqual(['ORDERED', 'ORDERED']);
      }
      if (isBusinessDay(date)) await runDay(database, date);
      const today = await new AssetsService(database.db, () => eveningOf(date)).assets(customerId, undefined);
      seen.push({ date, today });
    }

    const later = new AssetsService(database.db, () => eveningOf(isoDate('2026-12-31')));
    for (const { date, today } of seen) {
      const past = await later.assets(customerId, date);
      expect({ date, today: today.totalAssets, past: past.totalAssets }).toEqual({
        date,
        today: '300000',
        past: '300000',
      });
      expect(totalOf(today)).toBe(BigInt(today.totalAssets));
      expect(past.inTransit).toEqual(today.inTransit);
    }

    const on = (date: string) => seen.find((day) => day.date === date)!.today;
    // 約定日 12-01 after its batch: the buy still 受渡待ち, the sell's net proceeds (40,000, no gain) too
    expect(on('2026-12-01')).toMatchObject({
      cashBalance: '100000',
      total: { value: '60000' },
      inTransit: { buys: '100000', sells: '40000' },
    });
    // 12-02 and 12-03: nothing moves
    expect(on('2026-12-03').inTransit).toEqual({ buys: '100000', sells: '40000' });
    // 受渡日 12-04: the bought units count (+100,000 in value), the proceeds reach お預り金 (+40,000)
    expect(on('2026-12-04')).toMatchObject({
      cashBalance: '140000',
      total: { value: '160000' },
      inTransit: { buys: '0', sells: '0' },
      totalAssets: '300000',
    });
  }, 120_000);
});
