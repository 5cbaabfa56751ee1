import { customers, deliveredDocuments, fundNavs, orders } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { isoDate } from '@fund/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTradeReport, noTax } from '../modules/documents/trade-report.ts';
import { cancelOrder } from '../modules/trading/order-cancellation.ts';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { placeSellOrder } from '../modules/trading/sell-placement.ts';
import { BatchAbortedError } from './batch-runner.ts';
import {
  importFeedNavs,
  insertCustomer,
  insertFund,
  morningOf,
  runDay,
  runDays,
} from './test/batch-fixtures.ts';

// Issue 13 point 7: a 取引報告書 for each settled trade, issued by the settlement (受渡) itself.

async function reportsOf(database: TestDatabase, orderId: string) {
  return database.db
    .select()
    .from(deliveredDocuments)
    .where(and(eq(deliveredDocuments.orderId, orderId), eq(deliveredDocuments.kind, 'TRADE_REPORT')));
}

/** The text of a table row of the report: `<th>label</th><td>value</td>`. */
function rowOf(body: string, label: string): string | undefined {
  const escaped = label.replace(/[()（）]/g, (character) => `\\${character}`);
  return new RegExp(`<th scope="row">${escaped}</th><td>([^<]*)</td>`).exec(body)?.[1];
}

describe('a settled buy issues one 取引報告書, once, whatever crashes and reruns', () => {
  let database: TestDatabase;
  let customerId: string;
  let accountNumber: string;
  let buyId: string;
  let cancelledId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, { code: 'BATCHRPT' });
    customerId = await insertCustomer(database, { fundIds: [fundId], cash: 100_000n });
    const [customer] = await database.db
      .select({ accountNumber: customers.accountNumber })
      .from(customers)
      .where(eq(customers.id, customerId));
    accountNumber = customer!.accountNumber;
    await database.db.insert(fundNavs).values([
      { fundId, navDate: '2026-11-30', nav: 12_000n },
      { fundId, navDate: '2026-12-01', nav: 12_345n },
    ]);
    // Tuesday 2026-12-01: 約定日 12-01, 受渡日 12-04
    const buy = await database.db.transaction((tx) =>
      placeBuyOrder(tx, {
        customerId,
        fundCode: 'BATCHRPT',
        accountType: 'specific',
        orderType: 'AMOUNT',
        amount: 10_000n,
        channel: 'BUY',
        idempotencyKey: 'api:report-buy',
        now: morningOf('2026-12-01'),
      }),
    );
    buyId = buy.id;
    const cancelled = await database.db.transaction((tx) =>
      placeBuyOrder(tx, {
        customerId,
        fundCode: 'BATCHRPT',
        accountType: 'specific',
        orderType: 'AMOUNT',
        amount: 20_000n,
        channel: 'BUY',
        idempotencyKey: 'api:report-cancelled',
        now: morningOf('2026-12-01'),
      }),
    );
    cancelledId = cancelled.id;
    await database.db.transaction((tx) =>
      cancelOrder(tx, {
        customerId,
        orderId: cancelledId,
        now: new Date(morningOf('2026-12-01').getTime() + 60 * 60_000),
      }),
    );
    await runDays(database, '2026-12-01', '2026-12-03');
  }, 60_000);
  afterAll(() => database.drop());

  it('issues nothing before the 受渡日 nor when the settlement crashes before its commit', async () => {
    expect(await reportsOf(database, buyId)).toEqual([]);
    await expect(
      runDay(database, '2026-12-04', {
        hooks: {
          beforeCommit: (step) => {
            if (step === 'settle-orders') throw new Error('killed during the settlement');
          },
        },
      }),
    ).rejects.toBeInstanceOf(BatchAbortedError);
    expect(await reportsOf(database, buyId)).toEqual([]);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, buyId));
    expect(order?.status).toBe('EXECUTED');
  }, 60_000);

  it('issues one report on the rerun of 12-04, with the trade’s figures, dated the 受渡日', async () => {
    await runDay(database, '2026-12-04');
    const reports = await reportsOf(database, buyId);
    expect(reports).toHaveLength(1);
    const [report] = reports;
    expect(report).toMatchObject({
      customerId,
      kind: 'TRADE_REPORT',
      title: '取引報告書（テストBATCHRPT 買付 2026年12月1日約定）',
      issuedOn: '2026-12-04',
    });
    const body = report!.body;
    // ⌊10,000 × 10,000 ÷ 12,345⌋ = 8,100 units for 10,000 yen at NAV 12,345; no-load: fee 0
    expect({
      交付日: rowOf(body, '交付日'),
      お客さま: rowOf(body, 'お客さま'),
      口座番号: rowOf(body, '口座番号'),
      取引の種類: rowOf(body, '取引の種類'),
      ファンド名: rowOf(body, 'ファンド名'),
      ファンドコード: rowOf(body, 'ファンドコード'),
      預り区分: rowOf(body, '預り区分'),
      約定日: rowOf(body, '約定日'),
      受渡日: rowOf(body, '受渡日'),
      約定単価: rowOf(body, '約定単価（1万口あたり）'),
      約定口数: rowOf(body, '約定口数'),
      約定金額: rowOf(body, '約定金額'),
      手数料: rowOf(body, '手数料（消費税込み）'),
      受渡金額: rowOf(body, '受渡金額（お支払い）'),
    }).toEqual({
      交付日: '2026年12月4日',
      お客さま: '山田 花子 様',
      口座番号: accountNumber,
      取引の種類: '買付',
      ファンド名: 'テストファンド BATCHRPT',
      ファンドコード: 'BATCHRPT',
      預り区分: '特定口座',
      約定日: '2026年12月1日',
      受渡日: '2026年12月4日',
      約定単価: '12,345円',
      約定口数: '8,100口',
      約定金額: '10,000円',
      手数料: '0円',
      受渡金額: '10,000円',
    });
    // a buy withholds no tax: the report has no tax rows
    expect(body).not.toContain('源泉徴収税額');
    expect(body).not.toMatch(/<script|style=|\son[a-z]+=/i);
  }, 60_000);

  it('does not issue a second report when the days are run again, nor when the report is issued again', async () => {
    await runDays(database, '2026-12-01', '2026-12-04');
    expect(await reportsOf(database, buyId)).toHaveLength(1);
    // the one-per-order index, not only the runner's bookkeeping, keeps it one
    const [order] = await database.db.select().from(orders).where(eq(orders.id, buyId));
    const again = await database.db.transaction((tx) =>
      issueTradeReport(tx, { order: order!, tax: noTax, issuedOn: isoDate('2026-12-07') }),
    );
    expect(again).toBe(false);
    expect(await reportsOf(database, buyId)).toHaveLength(1);
    expect(await database.db.$count(deliveredDocuments, eq(deliveredDocuments.customerId, customerId))).toBe(
      1,
    );
  }, 60_000);

  it('issues none for the order cancelled before its cut-off', async () => {
    const [order] = await database.db.select().from(orders).where(eq(orders.id, cancelledId));
    expect(order?.status).toBe('CANCELED');
    expect(await reportsOf(database, cancelledId)).toEqual([]);
  }, 60_000);
});

describe('a settled sale’s 取引報告書 shows the tax withheld in its two parts', () => {
  let database: TestDatabase;
  let customerId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, { code: 'BATCHRPS' });
    customerId = await insertCustomer(database, { fundIds: [fundId], cash: 1_000_000n });
    const week1 = ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05'];
    const week2 = ['2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12'];
    await importFeedNavs(database, 'BATCHRPS', [
      [['2026-05-29', ...week1], 10_000],
      [week2, 12_000],
    ]);
    await database.db.transaction((tx) =>
      placeBuyOrder(tx, {
        customerId,
        fundCode: 'BATCHRPS',
        accountType: 'specific',
        orderType: 'AMOUNT',
        amount: 1_000_000n,
        channel: 'BUY',
        idempotencyKey: 'api:report-sale-buy',
        now: morningOf('2026-06-01'),
      }),
    );
    await runDays(database, '2026-06-01', '2026-06-05');
  }, 60_000);
  afterAll(() => database.drop());

  it('reports 所得税 15,317 and 住民税 5,000 on a gain of 100,019, and pays 600,114 − 20,317', async () => {
    // 500,095 units at 12,000: proceeds 600,114, cost 500,095, gain 100,019 (decision 014's example)
    const sell = await database.db.transaction((tx) =>
      placeSellOrder(tx, {
        customerId,
        fundCode: 'BATCHRPS',
        accountType: 'specific',
        orderType: 'QUANTITY',
        units: 500_095n,
        channel: 'SELL',
        idempotencyKey: 'api:report-sale',
        now: morningOf('2026-06-08'),
      }),
    );
    await runDays(database, '2026-06-08', '2026-06-12');
    const [report, ...more] = await reportsOf(database, sell.id);
    expect(more).toEqual([]);
    expect(report?.title).toBe('取引報告書（テストBATCHRPS 解約 2026年6月8日約定）');
    const body = report!.body;
    expect({
      取引の種類: rowOf(body, '取引の種類'),
      約定単価: rowOf(body, '約定単価（解約価額・1万口あたり）'),
      約定口数: rowOf(body, '約定口数'),
      約定金額: rowOf(body, '約定金額'),
      所得税: rowOf(body, '源泉徴収税額（所得税及び復興特別所得税）'),
      住民税: rowOf(body, '源泉徴収税額（住民税）'),
      合計: rowOf(body, '源泉徴収税額（合計）'),
      受渡金額: rowOf(body, '受渡金額（お受取り）'),
    }).toEqual({
      取引の種類: '解約',
      約定単価: '12,000円',
      約定口数: '500,095口',
      約定金額: '600,114円',
      所得税: '15,317円',
      住民税: '5,000円',
      合計: '20,317円',
      受渡金額: '579,797円',
    });
    // the buy of week 1 has its own report: two trades, two reports
    expect(await database.db.$count(deliveredDocuments, eq(deliveredDocuments.customerId, customerId))).toBe(
      2,
    );
  }, 60_000);
});
