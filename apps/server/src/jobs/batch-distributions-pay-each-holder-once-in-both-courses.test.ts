import {
  distributionCourses,
  distributionPayments,
  deliveredDocuments,
  cashflows,
  holdings,
  informations,
  nisaUsage,
  trades,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDate } from '@fund/domain';
import {
  issueAnnualSpecificAccountReport,
  issueBalanceReport,
} from '../modules/documents/periodic-reports.ts';
import {
  customersPaidDistributionsBetween,
  customersWithTradesSettledBetween,
} from '../modules/documents/periodic-reports.repository.ts';
import { addNisaPurchase } from '../modules/trading/trading.repository.ts';
import {
  cashOf,
  expectLedgerConsistent,
  importDistributions,
  insertCustomer,
  insertFund,
  insertNavs,
  ledgerSnapshot,
  placeSpotBuy,
  runDay,
  runDays,
} from './test/batch-fixtures.ts';

// Issue 28 point 2, worked by hand. Two funds bought on Thu 2026-10-01 at NAV 10,000 (1 unit = 1 yen):
// - DISTMNTH settles monthly on the 15th (not NISA-eligible); A holds 1,000,000 units in the specific
//   account and receives (受取).
//   10-15 決算: 100 per 10,000, ex-NAV 10,050 ≥ 個別元本 10,000 → all 普通分配金: 10,000 yen;
//     tax ⌊10,000 × 15.315%⌋ = 1,531 + ⌊10,000 × 5%⌋ = 500 → 2,031; paid 7,969 on 10-20.
//   11-16 決算 (the 15th is a Sunday): 100, ex-NAV 9,950: 50 below 個別元本 → 普通 5,000, 元本払戻 5,000;
//     tax ⌊765.75⌋ = 765 + 250 = 1,015; paid 8,985 on 11-19; 個別元本 → 9,950, 簿価 1,000,000 → 995,000.
// - DISTYEAR settles yearly on 15 October (成長投資枠 eligible); B and C each hold 500,000 units in NISA
//   成長 with the default 再投資. 200 per 10,000 at ex-NAV 10,050: 10,000 yen each, no tax in NISA;
//   reinvested ⌊10,000 × 10,000 ÷ 10,050⌋ = 9,950 units for ⌈9,950 × 10,050 ÷ 10,000⌉ = 10,000 yen.
//   B has room: the units join the NISA holding (509,950 units, 個別元本 ⌈5,099,997,500 ÷ 509,950⌉ =
//   10,001, NISA used 510,000). C's 成長投資枠 of the year is full: the units are bought in the specific
//   account (a new holding at 10,050) and the notice says so.
describe('distributions pay each holder of record once, in cash (受取) or in units (再投資)', () => {
  let database: TestDatabase;
  let monthly: string;
  let yearly: string;
  const customer: Record<'A' | 'B' | 'C', string> = { A: '', B: '', C: '' };

  const buy = (
    customerId: string,
    fundCode: string,
    accountType: 'specific' | 'nisa2_growth',
    amount: bigint,
  ) => placeSpotBuy(database, { customerId, fundCode, accountType, amount, on: '2026-10-01' });

  const holdingOf = async (customerId: string, fundId: string, accountType: 'specific' | 'nisa2_growth') =>
    (
      await database.db
        .select()
        .from(holdings)
        .where(
          and(
            eq(holdings.customerId, customerId),
            eq(holdings.fundId, fundId),
            eq(holdings.accountType, accountType),
          ),
        )
    )[0];

  beforeAll(async () => {
    database = await createTestDatabase();
    monthly = await insertFund(database, {
      code: 'DISTMNTH',
      settlementMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      settlementDay: 15,
      tsumitateEligible: false,
      growthEligible: false,
    });
    yearly = await insertFund(database, { code: 'DISTYEAR', settlementMonths: [10], settlementDay: 15 });
    await insertNavs(database, monthly, '2026-09-30', '2026-10-14', 10_000n);
    await insertNavs(database, monthly, '2026-10-15', '2026-11-13', 10_050n);
    await insertNavs(database, monthly, '2026-11-16', '2026-11-30', 9_950n);
    await insertNavs(database, yearly, '2026-09-30', '2026-10-14', 10_000n);
    await insertNavs(database, yearly, '2026-10-15', '2026-11-30', 10_050n);
    customer.A = await insertCustomer(database, { fundIds: [monthly], cash: 2_000_000n });
    customer.B = await insertCustomer(database, { fundIds: [yearly], cash: 2_000_000n });
    customer.C = await insertCustomer(database, { fundIds: [yearly], cash: 2_000_000n });
    await buy(customer.A, 'DISTMNTH', 'specific', 1_000_000n);
    await buy(customer.B, 'DISTYEAR', 'nisa2_growth', 500_000n);
    await buy(customer.C, 'DISTYEAR', 'nisa2_growth', 500_000n);
    await database.db
      .insert(distributionCourses)
      .values({ customerId: customer.A, accountType: 'specific', fundId: monthly, course: 'RECEIVE' });
    // C's other purchases have used the rest of this year's 成長投資枠 (2,400,000)
    await addNisaPurchase(database.db, customer.C, 2026, 'growth', 1_900_000n);
    const report = await importDistributions(database, '2026-11-16', [
      { fundCode: 'DISTMNTH', date: '2026-10-15', per10k: 100, paymentDate: '2026-10-20' },
      { fundCode: 'DISTYEAR', date: '2026-10-15', per10k: 200, paymentDate: '2026-10-20' },
      { fundCode: 'DISTMNTH', date: '2026-11-16', per10k: 100, paymentDate: '2026-11-19' },
    ]);
    expect(report.distributions.inserted).toBe(3);
    await runDays(database, '2026-10-01', '2026-11-19');
  }, 180_000);
  afterAll(() => database.drop());

  it('distribution-received-in-cash-splits-against-the-falling-basis-and-withholds-tax', async () => {
    const payments = await database.db
      .select()
      .from(distributionPayments)
      .where(eq(distributionPayments.customerId, customer.A))
      .orderBy(distributionPayments.settlementDate);
    expect(
      payments.map((p) => [
        p.settlementDate,
        p.ordinary,
        p.principalRepayment,
        p.incomeTax,
        p.residentTax,
        p.cashPaid,
      ]),
    ).toEqual([
      ['2026-10-15', 10_000n, 0n, 1_531n, 500n, 7_969n],
      ['2026-11-16', 5_000n, 5_000n, 765n, 250n, 8_985n],
    ]);
    expect(await holdingOf(customer.A, monthly, 'specific')).toMatchObject({
      units: 1_000_000n,
      costBasisPer10k: 9_950n,
      bookValue: 995_000n,
    });
    expect(await cashOf(database, customer.A)).toBe(2_000_000n - 1_000_000n + 7_969n + 8_985n);
    const incoming = await database.db
      .select({
        amount: cashflows.amount,
        taxWithheld: cashflows.taxWithheld,
        description: cashflows.description,
      })
      .from(cashflows)
      .where(and(eq(cashflows.customerId, customer.A), eq(cashflows.type, 'deposit')))
      .orderBy(cashflows.occurredOn);
    expect(incoming.filter((row) => row.description.startsWith('分配金'))).toEqual([
      { amount: 7_969n, taxWithheld: 2_031n, description: '分配金 テストDISTMNTH' },
      { amount: 8_985n, taxWithheld: 1_015n, description: '分配金 テストDISTMNTH' },
    ]);
    const documents = await database.db
      .select({ kind: deliveredDocuments.kind, title: deliveredDocuments.title })
      .from(deliveredDocuments)
      .where(
        and(
          eq(deliveredDocuments.customerId, customer.A),
          eq(deliveredDocuments.kind, 'DISTRIBUTION_NOTICE'),
        ),
      );
    expect(documents.map((row) => row.title).sort()).toEqual([
      '収益分配金のお知らせ（テストDISTMNTH 2026年10月15日決算）',
      '収益分配金のお知らせ（テストDISTMNTH 2026年11月16日決算）',
    ]);
  });

  it('distribution-in-the-specific-account-is-counted-in-the-annual-report', async () => {
    const id = await database.db.transaction((tx) =>
      issueAnnualSpecificAccountReport(tx, {
        customerId: customer.A,
        year: 2026,
        issuedOn: isoDate('2027-01-04'),
      }),
    );
    const [report] = await database.db.select().from(deliveredDocuments).where(eq(deliveredDocuments.id, id));
    for (const [label, value] of [
      ['普通分配金の額', '15,000円'],
      ['元本払戻金（特別分配金）の額（非課税）', '5,000円'],
      ['源泉徴収税額（所得税及び復興特別所得税）', '2,296円'],
      ['源泉徴収税額（住民税）', '750円'],
    ])
      expect(report?.body).toContain(`<th scope="row">${label}</th><td>${value}</td>`);
  });

  /** A's 取引残高報告書 as of 2026-12-31, as the batch issues it on 2027-01-04. */
  async function yearEndBalanceReportOfA() {
    const id = await database.db.transaction((tx) =>
      issueBalanceReport(tx, {
        customerId: customer.A,
        asOf: isoDate('2026-12-31'),
        issuedOn: isoDate('2027-01-04'),
      }),
    );
    const [report] = await database.db.select().from(deliveredDocuments).where(eq(deliveredDocuments.id, id));
    return report;
  }

  it('distribution-counts-in-the-year-end-balance-reports-total-return', async () => {
    const report = await yearEndBalanceReportOfA();
    // 1,000,000 units at the last NAV 9,950: 995,000 + 0 sold + 16,954 received − 1,000,000 bought = +11,954
    expect(report?.body).toContain(
      '<tr><td>テストファンド DISTMNTH</td><td>995,000円</td><td>0円</td><td>16,954円</td><td>1,000,000円</td><td>+11,954円</td></tr>',
    );
  });

  it('distribution-paid-in-a-quarter-is-listed-in-its-balance-report-and-earns-one', async () => {
    const report = await yearEndBalanceReportOfA();
    expect(report?.body).toContain('期間中の分配金（2026年10月1日〜2026年12月31日）');
    expect(report?.body).toContain(
      '<tr><td>2026年10月20日（2026年10月15日決算）</td><td>テストファンド DISTMNTH</td><td>特定口座</td><td>10,000円</td><td>2,031円</td><td>受取</td><td>−</td></tr>',
    );
    expect(report?.body).toContain(
      '<tr><td>2026年11月19日（2026年11月16日決算）</td><td>テストファンド DISTMNTH</td><td>特定口座</td><td>10,000円</td><td>1,015円</td><td>受取</td><td>−</td></tr>',
    );
    // a customer whose only movement of a period is a distribution still gets that period's report
    expect(await customersWithTradesSettledBetween(database.db, '2026-11-01', '2026-11-30')).toEqual([]);
    expect(await customersPaidDistributionsBetween(database.db, '2026-11-01', '2026-11-30')).toEqual([
      customer.A,
    ]);
  });

  it('distribution-reinvested-in-nisa-takes-room-from-the-bucket', async () => {
    expect(await holdingOf(customer.B, yearly, 'nisa2_growth')).toMatchObject({
      units: 509_950n,
      costBasisPer10k: 10_001n,
      bookValue: 510_000n,
    });
    const [growth] = await database.db
      .select()
      .from(nisaUsage)
      .where(and(eq(nisaUsage.customerId, customer.B), eq(nisaUsage.bucket, 'growth')));
    expect(growth?.purchased).toBe(510_000n);
    expect(await cashOf(database, customer.B)).toBe(1_500_000n);
    const reinvestment = await database.db
      .select()
      .from(trades)
      .where(and(eq(trades.customerId, customer.B), eq(trades.tradeDate, '2026-10-15')));
    expect(reinvestment).toMatchObject([
      {
        type: 'FUND',
        side: 'BUY',
        units: 9_950n,
        amount: 10_000n,
        pricePer10k: 10_050n,
        settlementDate: '2026-10-20',
      },
    ]);
  });

  it('distribution-reinvested-when-the-nisa-bucket-is-full-buys-in-the-specific-account-and-says-so', async () => {
    expect(await holdingOf(customer.C, yearly, 'nisa2_growth')).toMatchObject({ units: 500_000n });
    expect(await holdingOf(customer.C, yearly, 'specific')).toMatchObject({
      units: 9_950n,
      costBasisPer10k: 10_050n,
      bookValue: 10_000n,
    });
    const [payment] = await database.db
      .select()
      .from(distributionPayments)
      .where(eq(distributionPayments.customerId, customer.C));
    expect(payment).toMatchObject({ course: 'REINVEST', reinvestedAccountType: 'specific', cashPaid: 0n });
    const notices = await database.db
      .select({ body: informations.body })
      .from(informations)
      .where(and(eq(informations.customerId, customer.C), eq(informations.title, '収益分配金のお知らせ')));
    expect(notices.map((row) => row.body).join()).toContain('特定口座で買い付けました');
  });

  it('distribution-rerun-of-the-payment-day-pays-nobody-twice', async () => {
    const before = await ledgerSnapshot(database);
    await runDay(database, '2026-11-19');
    expect(await ledgerSnapshot(database)).toEqual(before);
    expect(await database.db.select().from(distributionPayments)).toHaveLength(4);
    await expectLedgerConsistent(database);
  }, 60_000);
});
