import {
  batchStepRuns,
  cashflows,
  deliveredDocuments,
  demoCustomers,
  distributionPayments,
  funds,
  informations,
  journalEntries,
  orders,
  recurringDebits,
  recurringPurchases,
  seedDemoData,
  seedDemoFunds,
  trades,
  verifyLedger,
  yearlyTaxStates,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { isoDate, jstInstant } from '@fund/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { runBusinessDay } from '../jobs/daily-batch.ts';
import { noDebitFailures } from '../jobs/steps/recurring-debits.step.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../test/customer-session.ts';
import { buildTestApp } from '../test/test-app.ts';
import { seedDemoHistory, type DemoHistoryReport } from './demo-history.ts';

const startup = 120_000;
/** A fixed "today" (Friday): the history ends on Thursday 2026-11-19. */
const today = isoDate('2026-11-20');
const placedNow = jstInstant(2026, 11, 20, 10, 0);

let database: TestDatabase;
let app: App;
let first: DemoHistoryReport;
const tokens = new Map<string, string>();

function customerId(accountNumber: string): string {
  return demoCustomers.find((customer) => customer.accountNumber === accountNumber)!.id;
}

async function get<T>(accountNumber: string, url: string): Promise<T> {
  let token = tokens.get(accountNumber);
  if (token === undefined) {
    token = (await signInCustomer(app, accountNumber)).access_token;
    tokens.set(accountNumber, token);
  }
  const response = await callAs(app, token, url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

async function rowCounts() {
  const counted = async (
    table:
      | typeof orders
      | typeof journalEntries
      | typeof trades
      | typeof informations
      | typeof batchStepRuns
      | typeof cashflows
      | typeof deliveredDocuments,
  ) => (await database.db.select({ n: count() }).from(table))[0]!.n;
  return {
    orders: await counted(orders),
    journalEntries: await counted(journalEntries),
    trades: await counted(trades),
    informations: await counted(informations),
    batchStepRuns: await counted(batchStepRuns),
    cashflows: await counted(cashflows),
    deliveredDocuments: await counted(deliveredDocuments),
  };
}

interface AssetsAnswer {
  holdings: { accountType: string; fund: { code: string }; units: string }[];
}

let turnsDuringHistory = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  // the demo NAVs up to the fixed today whatever the machine's date
  await database.db.transaction((tx) => seedDemoFunds(tx, today));
  await seedDemoData(database);
  // counts the turns of the event loop other work got while the history was written
  const turns = setInterval(() => (turnsDuringHistory += 1), 0);
  first = await seedDemoHistory(database, { today, now: placedNow }).finally(() => clearInterval(turns));
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env: manySignInsEnv });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('demo history of the demo customers', { timeout: startup }, () => {
  it('lets the server answer meanwhile: the embedded database never leaves the event loop, so the replay yields each day', () => {
    // about 300 replayed days; without the yield the timer would not run once before the history ends
    expect(turnsDuringHistory).toBeGreaterThan(100);
  });

  it('is seeded once and leaves a ledger without a single violation', async () => {
    expect(first).toMatchObject({ seeded: true });
    expect(await verifyLedger(database)).toEqual([]);
  });

  it('shows the main customer holdings in the specific, つみたて and 成長 accounts', async () => {
    const assets = await get<AssetsAnswer>('1000001', '/v1/assets');
    const types = new Set(assets.holdings.map((holding) => holding.accountType));
    expect([...types]).toEqual(expect.arrayContaining(['specific', 'nisa2_tsumitate', 'nisa2_growth']));
    // the specific DEMOF005 holding (the loss) was sold entirely
    expect(assets.holdings.some((holding) => holding.fund.code === 'DEMOF005')).toBe(false);
  });

  it('shows 2025 NISA use in both 枠 and the 簿価 freed by the 2025 NISA sale', async () => {
    const status = await get<{
      tsumitate: { used: string };
      growth: { used: string };
      lifetime: { used: string; freedFromNextYear: string };
    }>('1000001', '/v6/nisaStatusByYear?year=2025');
    expect(BigInt(status.tsumitate.used)).toBeGreaterThanOrEqual(330_000n);
    expect(BigInt(status.growth.used)).toBeGreaterThanOrEqual(500_000n);
    expect(BigInt(status.lifetime.freedFromNextYear)).toBeGreaterThan(0n);
    const status2024 = await get<{ tsumitate: { used: string }; growth: { used: string } }>(
      '1000001',
      '/v6/nisaStatusByYear?year=2024',
    );
    expect(BigInt(status2024.growth.used)).toBe(700_000n);
    const status2026 = await get<{ tsumitate: { used: string } }>(
      '1000001',
      '/v6/nisaStatusByYear?year=2026',
    );
    expect(BigInt(status2026.tsumitate.used)).toBeGreaterThan(0n);
  });

  it('lists the tax withheld on the 2025 gain and refunded by the later loss (CAPITAL_GAIN)', async () => {
    const answer = await get<{ trades: { side: string; settlementDate: string }[] }>(
      '1000001',
      '/v1/trades?type=CAPITAL_GAIN&pageSize=100',
    );
    expect(answer.trades.length).toBeGreaterThan(0);
    const sides2025 = answer.trades.filter((trade) => trade.settlementDate.startsWith('2025-'));
    expect(sides2025.map((trade) => trade.side)).toEqual(expect.arrayContaining(['OUT', 'IN']));
  });

  it('has an ACTIVE transfer plan whose latest debit failed, and a card plan', async () => {
    const answer = await get<{
      recurringPurchases: { id: string; status: string; paymentMethod: string; amount: string }[];
    }>('1000001', '/v1/recurringPurchases');
    const card = answer.recurringPurchases.filter((plan) => plan.paymentMethod === 'CREDIT_CARD');
    expect(card).toHaveLength(1);
    expect(BigInt(card[0]!.amount)).toBeLessThanOrEqual(100_000n);
    const transfer = answer.recurringPurchases.filter(
      (plan) => plan.paymentMethod === 'ACCOUNT_TRANSFER' && plan.status === 'ACTIVE',
    );
    const transferDebits = await database.db
      .select({ id: recurringDebits.id })
      .from(recurringDebits)
      .where(
        inArray(
          recurringDebits.recurringPurchaseId,
          transfer.map((plan) => plan.id),
        ),
      );
    const failures = await database.db
      .select({ planId: recurringDebits.recurringPurchaseId, month: recurringDebits.month })
      .from(recurringDebits)
      .where(eq(recurringDebits.paymentStatus, 'FAILURE'));
    expect(failures).toEqual([{ planId: expect.any(String), month: '2026-10-01' }]);
    expect(transfer.map((plan) => plan.id)).toContain(failures[0]!.planId);
    // the つみたて plan's debits since 2024-01 and the specific plan's since 2026-04
    expect(transferDebits.length).toBeGreaterThan(30);
    const [plan] = await database.db
      .select()
      .from(recurringPurchases)
      .where(eq(recurringPurchases.id, failures[0]!.planId));
    expect(plan).toMatchObject({ status: 'ACTIVE', consecutiveDebitFailures: 1 });
  });

  it('has an odd-month scheduled sell with past orders paid out, and a monthly deposit with past deposits', async () => {
    const answer = await get<{ scheduledSells: { id: string; frequency: string; status: string }[] }>(
      '1000001',
      '/v1/scheduledSells',
    );
    expect(answer.scheduledSells).toEqual([
      expect.objectContaining({ frequency: 'ODD_MONTHLY', status: 'ACTIVE' }),
    ]);
    const sells = await database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.scheduledSellId, answer.scheduledSells[0]!.id));
    expect(sells.filter((order) => order.status === 'COMPLETED').length).toBeGreaterThanOrEqual(6);
    const flows = await get<{ cashflows: { description: string }[] }>(
      '1000001',
      '/v1/cashflows?pageSize=100',
    );
    const descriptions = flows.cashflows.map((flow) => flow.description);
    expect(descriptions).toEqual(expect.arrayContaining(['定期売却代金のお支払い', '定額入金', '解約代金']));
    const deposit = await get<{ monthlyDeposit: { amount: string } | null }>('1000001', '/v1/monthlyDeposit');
    expect(deposit.monthlyDeposit).toMatchObject({ amount: '30000' });
  });

  it('lists COMPLETED, CANCELED and one ORDERED order placed today', async () => {
    type OrdersAnswer = { orders: { status: string; channel: string }[] };
    const completed = await get<OrdersAnswer>('1000001', '/v1/orders?status=COMPLETED');
    expect(completed.orders.length).toBeGreaterThan(0);
    expect((await get<OrdersAnswer>('1000001', '/v1/orders?status=CANCELED')).orders).toHaveLength(1);
    const ordered = await get<OrdersAnswer>('1000001', '/v1/orders?status=ORDERED');
    expect(ordered.orders).toEqual([expect.objectContaining({ status: 'ORDERED', channel: 'BUY' })]);
    const [pending] = await database.db
      .select({ applicationDate: orders.applicationDate, cancelDeadline: orders.cancelDeadline })
      .from(orders)
      .where(eq(orders.status, 'ORDERED'));
    expect(pending).toEqual({ applicationDate: today, cancelDeadline: jstInstant(2026, 11, 20, 15, 0) });
  });

  it('gives the corporation, the child, the junior NISA customer and 1000009 holdings of their own', async () => {
    const typesOf = async (accountNumber: string) =>
      new Set((await get<AssetsAnswer>(accountNumber, '/v1/assets')).holdings.map((h) => h.accountType));
    expect([...(await typesOf('1000002'))]).toEqual(['general']);
    expect([...(await typesOf('1000003'))]).toEqual(['specific']);
    expect([...(await typesOf('1000004'))]).toEqual(['junior_nisa']);
    expect([...(await typesOf('1000009'))]).toEqual(['specific']);
    const junior = await database.db
      .select({ settlementDate: trades.settlementDate })
      .from(trades)
      .where(and(eq(trades.customerId, customerId('1000004')), eq(trades.type, 'FUND')));
    // no purchase since 2024 (its opening deposit is a CASH_TRANSFER trade of its own)
    expect(junior.every((trade) => trade.settlementDate < '2024-01-01')).toBe(true);
  });

  it('issues one 取引報告書 per settled trade and lists only those: each names a real settled order', async () => {
    const settled = await database.db
      .select({ id: orders.id, customerId: orders.customerId })
      .from(orders)
      .where(inArray(orders.status, ['TRADED', 'COMPLETED']));
    const reports = await database.db
      .select({ orderId: deliveredDocuments.orderId, customerId: deliveredDocuments.customerId })
      .from(deliveredDocuments)
      .where(eq(deliveredDocuments.kind, 'TRADE_REPORT'));
    expect(settled.length).toBeGreaterThan(50);
    // one each, of the order's own customer, none for an order cancelled or still ORDERED
    expect(reports.map((report) => `${report.customerId}/${report.orderId}`).sort()).toEqual(
      settled.map((order) => `${order.customerId}/${order.id}`).sort(),
    );

    type DocumentsAnswer = {
      documents: { id: string; kind: string; title: string; orderId: string | null }[];
    };
    const { documents } = await get<DocumentsAnswer>('1000001', '/v1/documents');
    const mainSettled = new Set(
      settled.filter((order) => order.customerId === customerId('1000001')).map((order) => order.id),
    );
    const tradeReports = documents.filter((document) => document.kind === 'TRADE_REPORT');
    expect(tradeReports).toHaveLength(mainSettled.size);
    for (const report of tradeReports) {
      expect(mainSettled.has(report.orderId!), report.title).toBe(true);
      expect(report.title).toMatch(/^取引報告書（.+ (買付|解約) \d{4}年\d{1,2}月\d{1,2}日約定）$/);
    }
    const periodic = documents.filter(
      (document) => document.kind !== 'TRADE_REPORT' && document.kind !== 'DISTRIBUTION_NOTICE',
    );
    expect(periodic.map((d) => d.title)).toEqual([
      '取引残高報告書（2026年9月30日現在）',
      '特定口座年間取引報告書（2025年分）',
    ]);
  });

  it('pays the demo funds’ distributions: the main customer’s monthly 受取 and yearly NISA 再投資, the corporation’s 再投資 taxed at 15.315%', async () => {
    const paid = await database.db
      .select({
        customerId: distributionPayments.customerId,
        fund: funds.code,
        accountType: distributionPayments.accountType,
        settlementDate: distributionPayments.settlementDate,
        course: distributionPayments.course,
        ordinary: distributionPayments.ordinary,
        principalRepayment: distributionPayments.principalRepayment,
        incomeTax: distributionPayments.incomeTax,
        residentTax: distributionPayments.residentTax,
        reinvestedUnits: distributionPayments.reinvestedUnits,
        reinvestedAccountType: distributionPayments.reinvestedAccountType,
        cashPaid: distributionPayments.cashPaid,
      })
      .from(distributionPayments)
      .innerJoin(funds, eq(funds.id, distributionPayments.fundId))
      .orderBy(distributionPayments.settlementDate);
    const of = (accountNumber: string, fund: string) =>
      paid.filter((row) => row.customerId === customerId(accountNumber) && row.fund === fund);

    // 1000001's monthly fund (約定日 2026-05-13): every 決算 from May to October, in cash
    const monthly = of('1000001', 'DEMOF006');
    expect(monthly.map((row) => row.settlementDate)).toEqual([
      '2026-05-15',
      '2026-06-15',
      '2026-07-15',
      '2026-08-17',
      '2026-09-15',
      '2026-10-15',
    ]);
    expect(monthly.every((row) => row.course === 'RECEIVE' && row.cashPaid > 0n)).toBe(true);
    expect(monthly.every((row) => row.reinvestedUnits === 0n)).toBe(true);
    // the July ex-NAV fell below the 個別元本: part of that one is 元本払戻金, untaxed
    expect(monthly.some((row) => row.principalRepayment > 0n)).toBe(true);
    expect(monthly.some((row) => row.principalRepayment === 0n && row.incomeTax > 0n)).toBe(true);

    // 1000001's yearly fund in NISA 成長: the 2025-12 分配金 untaxed and reinvested in the same account
    expect(of('1000001', 'DEMOF007')).toEqual([
      expect.objectContaining({
        settlementDate: '2025-12-10',
        course: 'REINVEST',
        accountType: 'nisa2_growth',
        incomeTax: 0n,
        residentTax: 0n,
        reinvestedAccountType: 'nisa2_growth',
      }),
    ]);
    expect(of('1000001', 'DEMOF007')[0]!.reinvestedUnits).toBeGreaterThan(0n);

    // the corporation's monthly fund (約定日 2025-08-13), 再投資: 15.315% income tax, no resident tax
    const corporation = of('1000002', 'DEMOF006');
    expect(corporation[0]!.settlementDate).toBe('2025-08-15');
    expect(corporation).toHaveLength(15);
    for (const row of corporation) {
      expect(row.course).toBe('REINVEST');
      expect(row.residentTax).toBe(0n);
      expect(row.incomeTax).toBe((row.ordinary * 15_315n) / 100_000n);
      expect(row.reinvestedUnits).toBeGreaterThan(0n);
    }
  });

  it('reconciles every demo customer’s トータルリターン with 資産状況 and 入出金 to the yen', async () => {
    type Assets = { holdings: { value: string; pendingSellValue: string }[] };
    type TotalReturns = {
      funds: { distributions: string; distributionsReinvested: string }[];
      total: { valuation: string };
    };
    type CashflowPage = {
      cashflows: { amount: string; description: string }[];
      paging: { total: number };
    };
    for (const accountNumber of ['1000001', '1000002', '1000003', '1000004', '1000009']) {
      const assets = await get<Assets>(accountNumber, '/v1/assets');
      const totals = await get<TotalReturns>(accountNumber, '/v1/totalReturns');
      // 評価金額: 資産状況's holdings, the units of pending sells included
      const valued = assets.holdings.reduce(
        (sum, holding) => sum + BigInt(holding.value) + BigInt(holding.pendingSellValue),
        0n,
      );
      expect(BigInt(totals.total.valuation), accountNumber).toBe(valued);
      // 分配金 paid in cash: what 入出金 lists as 分配金
      const cashflows: CashflowPage['cashflows'] = [];
      for (let page = 1; ; page += 1) {
        const answer = await get<CashflowPage>(accountNumber, `/v1/cashflows?pageSize=100&page=${page}`);
        cashflows.push(...answer.cashflows);
        if (cashflows.length >= answer.paging.total) break;
      }
      const receivedInCash = cashflows
        .filter((row) => row.description.startsWith('分配金'))
        .reduce((sum, row) => sum + BigInt(row.amount), 0n);
      const distributedInCash = totals.funds.reduce(
        (sum, fund) => sum + BigInt(fund.distributions) - BigInt(fund.distributionsReinvested),
        0n,
      );
      expect(receivedInCash, accountNumber).toBe(distributedInCash);
    }
  });

  it('writes the main customer’s periodic reports from the history: 2025 sales and tax, holdings and the quarter’s distributions on 9/30', async () => {
    type DetailAnswer = { document: { body: string } };
    type DocumentsAnswer = { documents: { id: string; kind: string }[] };
    const { documents } = await get<DocumentsAnswer>('1000001', '/v1/documents');
    const idOf = (kind: string) => documents.find((document) => document.kind === kind)!.id;
    const annual = await get<DetailAnswer>(
      '1000001',
      `/v1/documents/${idOf('ANNUAL_SPECIFIC_ACCOUNT_REPORT')}`,
    );
    const [tax2025] = await database.db
      .select()
      .from(yearlyTaxStates)
      .where(and(eq(yearlyTaxStates.customerId, customerId('1000001')), eq(yearlyTaxStates.year, 2025)));
    const yen = (value: bigint) => `${value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}円`;
    expect(annual.document.body).toContain(
      `<th scope="row">源泉徴収税額（所得税及び復興特別所得税）</th><td>${yen(tax2025!.incomeTaxWithheld)}</td>`,
    );
    expect(annual.document.body).toContain(
      `<th scope="row">源泉徴収税額（住民税）</th><td>${yen(tax2025!.residentTaxWithheld)}</td>`,
    );
    expect(annual.document.body).not.toContain('譲渡はありません');
    const balance = await get<DetailAnswer>('1000001', `/v1/documents/${idOf('BALANCE_REPORT')}`);
    expect(balance.document.body).toContain('NISA つみたて投資枠');
    expect(balance.document.body).not.toContain('お預りしている投資信託はありません。');
    // the quarter's distributions (the monthly fund's July to September 決算), each with its tax and course
    expect(balance.document.body).toContain('期間中の分配金（2026年7月1日〜2026年9月30日）');
    for (const settled of ['2026年7月15日決算', '2026年8月17日決算', '2026年9月15日決算'])
      expect(balance.document.body).toContain(settled);
    expect(balance.document.body).not.toContain('2026年6月15日決算');
  });

  it('changes nothing when seeded again, and a batch rerun of a replayed date (a deposit day, a 支払開始日) repeats nothing', async () => {
    const before = await rowCounts();
    expect(await seedDemoHistory(database, { today, now: placedNow })).toEqual({
      seeded: false,
      reason: 'already-seeded',
    });
    expect(await rowCounts()).toEqual(before);
    // 2026-11-10: the main customer's monthly deposit day, replayed by the history
    const report = await runBusinessDay(database, isoDate('2026-11-10'), {
      demoPrices: false,
      debitFailureRule: noDebitFailures,
      purchaseLagBusinessDays: 2,
      workers: 1,
    });
    expect(report.unfinished).toBe(0);
    // 2026-07-23: the 支払開始日 of the monthly fund's July 分配金, paid by the history
    const payday = await runBusinessDay(database, isoDate('2026-07-23'), {
      demoPrices: false,
      debitFailureRule: noDebitFailures,
      purchaseLagBusinessDays: 2,
      workers: 1,
    });
    expect(payday.unfinished).toBe(0);
    const after = await rowCounts();
    expect({ ...after, batchStepRuns: before.batchStepRuns }).toEqual(before);
    expect(await verifyLedger(database)).toEqual([]);
  });
});
