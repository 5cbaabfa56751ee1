import { distributionCourses, distributionPayments, holdings, redemptionPayments } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, asc, eq } from 'drizzle-orm';
import { isoDate } from '@fund/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetsService } from '../modules/assets/assets.service.ts';
import { FundLifeService } from '../modules/assets/fund-life.service.ts';
import { addNisaPurchase } from '../modules/trading/trading.repository.ts';
import {
  cashOf,
  expectLedgerConsistent,
  importDistributions,
  insertCustomer,
  insertFund,
  insertNavs,
  morningOf,
  placeSpotBuy,
  runDay,
} from './test/batch-fixtures.ts';

// Issue 28 point 7: one customer's fund life in 2026, worked by hand. Every price is per 10,000 units and
// every fund is bought at 10,000 (1 unit = 1 yen), fee-free, 約定 on Mon 06-01, 受渡 on Thu 06-04.
// Tax in the specific account: 15.315% income tax and 5% resident tax, each rounded down.
//
// 1. MONTHLY (決算 on the 15th every month, not NISA-eligible): 1,000,000 units in the specific account,
//    course 受取, 100 yen per 10,000 units each 決算 (×100 for the holding), paid 3 business days later.
//    決算      ex-NAV  NAV before  個別元本  普通 / 元本払戻 per 10k  tax (15.315% + 5%)     paid    個別元本 after
//    06-15     10,100     10,200    10,000        100 / 0          1,531 + 500 = 2,031    7,969     10,000
//    07-15     10,050     10,150    10,000        100 / 0          2,031                  7,969     10,000
//    08-17      9,950     10,050    10,000         50 / 50         765 + 250 = 1,015      8,985      9,950
//    09-15      9,900     10,000     9,950         50 / 50         1,015                  8,985      9,900
//    10-15      9,900     10,000     9,900        100 / 0          2,031                  7,969      9,900
//    11-16      9,800      9,900     9,900          0 / 100        0                     10,000      9,800
//    (11-15 is a Sunday.) Received 7,969 × 3 + 8,985 × 2 + 10,000 = 51,877; tax 10,154; 簿価 1,000,000 −
//    5,000 − 5,000 − 10,000 = 980,000.
// 2. YEARLY (決算 12-10, NISA 成長-eligible): 1,000,000 units in NISA 成長 with 再投資. The customer's other
//    purchases fill the year's 成長投資枠 (1,000,000 + 1,400,000 = 2,400,000). 12-10: 500 per 10,000 at
//    ex-NAV 10,500 (11,000 before, 個別元本 10,000: all 普通分配金), 50,000 yen, no tax in NISA. Reinvested
//    on 12-15: ⌊50,000 × 10,000 ÷ 10,500⌋ = 47,619 units for ⌈47,619 × 10,500 ÷ 10,000⌉ = 50,000 yen, 0
//    left in cash. The bucket is full: the units are bought in the specific account (個別元本 10,500), and
//    the NISA holding keeps 1,000,000 units at 10,000.
// 3. ENDING (信託財産留保額 0.3%, 償還 announced for Tue 12-01, orders until 11-24): 500,000 units in the
//    specific account. 償還価額 12,000, no retention fee: 600,000 yen; cost 500,000, gain 100,000; tax
//    15,315 + 5,000 = 20,315; 579,685 paid on Fri 12-04 (the sell lag of 3 business days).
// Cash: 3,000,000 − 2,500,000 bought + 51,877 + 0 + 579,685 = 1,131,562.
// トータルリターン on 12-28 (評価金額 + 売付 + 受取分配金 − 買付):
//    MONTHLY  1,000,000 × 9,800 = 980,000 + 0 + 51,877 − 1,000,000              = +31,877
//    YEARLY   1,000,000 × 10,500 = 1,050,000 and ⌊47,619 × 10,500 ÷ 10,000⌋ = 49,999 → 1,099,999
//             + 0 + 50,000 (all reinvested) − 1,050,000 (50,000 of it reinvested) = +99,999
//    ENDING   0 + 600,000 + 0 − 500,000 = +100,000, no longer held
//    total    +231,876
describe('one customer’s fund life in 2026, worked by hand', () => {
  let database: TestDatabase;
  let customerId: string;
  const fundIds: Record<'MONTHLY' | 'YEARLY' | 'ENDING', string> = { MONTHLY: '', YEARLY: '', ENDING: '' };

  const buy = (fundCode: string, accountType: 'specific' | 'nisa2_growth', amount: bigint) =>
    placeSpotBuy(database, { customerId, fundCode, accountType, amount, on: '2026-06-01' });

  const holdingOf = async (fund: keyof typeof fundIds, accountType: 'specific' | 'nisa2_growth') =>
    (
      await database.db
        .select({
          units: holdings.units,
          costBasisPer10k: holdings.costBasisPer10k,
          bookValue: holdings.bookValue,
        })
        .from(holdings)
        .where(
          and(
            eq(holdings.customerId, customerId),
            eq(holdings.fundId, fundIds[fund]),
            eq(holdings.accountType, accountType),
          ),
        )
    )[0];

  beforeAll(async () => {
    database = await createTestDatabase();
    fundIds.MONTHLY = await insertFund(database, {
      code: 'MONTHLY1',
      settlementMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      settlementDay: 15,
      tsumitateEligible: false,
      growthEligible: false,
    });
    fundIds.YEARLY = await insertFund(database, {
      code: 'YEARLY01',
      settlementMonths: [12],
      settlementDay: 10,
      tsumitateEligible: false,
    });
    fundIds.ENDING = await insertFund(database, {
      code: 'ENDING01',
      retentionFeeBasisPoints: 30,
      redemptionDate: '2026-12-01',
      lastOrderDate: '2026-11-24',
    });
    for (const [from, until, nav] of [
      ['2026-05-29', '2026-06-12', 10_000n],
      ['2026-06-15', '2026-07-14', 10_100n],
      ['2026-07-15', '2026-08-14', 10_050n],
      ['2026-08-17', '2026-09-14', 9_950n],
      ['2026-09-15', '2026-11-13', 9_900n],
      ['2026-11-16', '2026-12-31', 9_800n],
    ] as const)
      await insertNavs(database, fundIds.MONTHLY, from, until, nav);
    await insertNavs(database, fundIds.YEARLY, '2026-05-29', '2026-11-30', 10_000n);
    await insertNavs(database, fundIds.YEARLY, '2026-12-01', '2026-12-09', 11_000n);
    await insertNavs(database, fundIds.YEARLY, '2026-12-10', '2026-12-31', 10_500n);
    await insertNavs(database, fundIds.ENDING, '2026-05-29', '2026-11-30', 10_000n);
    await insertNavs(database, fundIds.ENDING, '2026-12-01', '2026-12-01', 12_000n);

    customerId = await insertCustomer(database, { fundIds: Object.values(fundIds), cash: 3_000_000n });
    await buy('MONTHLY1', 'specific', 1_000_000n);
    await buy('YEARLY01', 'nisa2_growth', 1_000_000n);
    await buy('ENDING01', 'specific', 500_000n);
    await database.db
      .insert(distributionCourses)
      .values({ customerId, accountType: 'specific', fundId: fundIds.MONTHLY, course: 'RECEIVE' });
    await addNisaPurchase(database.db, customerId, 2026, 'growth', 1_400_000n);
    const report = await importDistributions(database, '2026-12-10', [
      { fundCode: 'MONTHLY1', date: '2026-06-15', per10k: 100, paymentDate: '2026-06-18' },
      { fundCode: 'MONTHLY1', date: '2026-07-15', per10k: 100, paymentDate: '2026-07-21' },
      { fundCode: 'MONTHLY1', date: '2026-08-17', per10k: 100, paymentDate: '2026-08-20' },
      { fundCode: 'MONTHLY1', date: '2026-09-15', per10k: 100, paymentDate: '2026-09-18' },
      { fundCode: 'MONTHLY1', date: '2026-10-15', per10k: 100, paymentDate: '2026-10-20' },
      { fundCode: 'MONTHLY1', date: '2026-11-16', per10k: 100, paymentDate: '2026-11-19' },
      { fundCode: 'YEARLY01', date: '2026-12-10', per10k: 500, paymentDate: '2026-12-15' },
    ]);
    expect(report.distributions.inserted).toBe(7);
    // the days something happens: 約定, 受渡, each 支払開始日, the 償還 and its payment
    for (const date of [
      '2026-06-01',
      '2026-06-04',
      '2026-06-18',
      '2026-07-21',
      '2026-08-20',
      '2026-09-18',
      '2026-10-20',
      '2026-11-19',
      '2026-12-01',
      '2026-12-04',
      '2026-12-15',
    ]) {
      const day = await runDay(database, date);
      expect(day.unfinished, date).toBe(0);
    }
  }, 180_000);
  afterAll(() => database.drop());

  it('monthly-fund-received-six-months-splits-against-a-falling-basis', async () => {
    const paid = await database.db
      .select({
        settlementDate: distributionPayments.settlementDate,
        basisAfter: distributionPayments.basisAfterPer10k,
        ordinary: distributionPayments.ordinary,
        principalRepayment: distributionPayments.principalRepayment,
        incomeTax: distributionPayments.incomeTax,
        residentTax: distributionPayments.residentTax,
        cashPaid: distributionPayments.cashPaid,
      })
      .from(distributionPayments)
      .where(eq(distributionPayments.fundId, fundIds.MONTHLY))
      .orderBy(asc(distributionPayments.settlementDate));
    const row = (
      settlementDate: string,
      basisAfter: bigint,
      ordinary: bigint,
      principalRepayment: bigint,
      incomeTax: bigint,
      residentTax: bigint,
      cashPaid: bigint,
    ) => ({ settlementDate, basisAfter, ordinary, principalRepayment, incomeTax, residentTax, cashPaid });
    expect(paid).toEqual([
      row('2026-06-15', 10_000n, 10_000n, 0n, 1_531n, 500n, 7_969n),
      row('2026-07-15', 10_000n, 10_000n, 0n, 1_531n, 500n, 7_969n),
      row('2026-08-17', 9_950n, 5_000n, 5_000n, 765n, 250n, 8_985n),
      row('2026-09-15', 9_900n, 5_000n, 5_000n, 765n, 250n, 8_985n),
      row('2026-10-15', 9_900n, 10_000n, 0n, 1_531n, 500n, 7_969n),
      row('2026-11-16', 9_800n, 0n, 10_000n, 0n, 0n, 10_000n),
    ]);
    expect(await holdingOf('MONTHLY', 'specific')).toEqual({
      units: 1_000_000n,
      costBasisPer10k: 9_800n,
      bookValue: 980_000n,
    });
  });

  it('yearly-fund-reinvested-in-a-december-with-a-full-bucket-lands-in-the-specific-account', async () => {
    const [paid] = await database.db
      .select()
      .from(distributionPayments)
      .where(eq(distributionPayments.fundId, fundIds.YEARLY));
    expect(paid).toMatchObject({
      accountType: 'nisa2_growth',
      course: 'REINVEST',
      ordinary: 50_000n,
      principalRepayment: 0n,
      incomeTax: 0n,
      residentTax: 0n,
      reinvestedAmount: 50_000n,
      reinvestedUnits: 47_619n,
      reinvestedAccountType: 'specific',
      cashPaid: 0n,
    });
    expect(await holdingOf('YEARLY', 'nisa2_growth')).toEqual({
      units: 1_000_000n,
      costBasisPer10k: 10_000n,
      bookValue: 1_000_000n,
    });
    expect(await holdingOf('YEARLY', 'specific')).toEqual({
      units: 47_619n,
      costBasisPer10k: 10_500n,
      bookValue: 50_000n,
    });
  });

  it('fund-redeemed-with-a-gain-pays-after-tax-and-no-retention-fee', async () => {
    const [paid] = await database.db
      .select()
      .from(redemptionPayments)
      .where(eq(redemptionPayments.customerId, customerId));
    expect(paid).toMatchObject({
      paymentDate: '2026-12-04',
      units: 500_000n,
      proceeds: 600_000n,
      acquisitionCost: 500_000n,
      gain: 100_000n,
      incomeTax: 15_315n,
      residentTax: 5_000n,
      net: 579_685n,
    });
    expect(await holdingOf('ENDING', 'specific')).toMatchObject({ units: 0n, bookValue: 0n });
    expect(await cashOf(database, customerId)).toBe(1_131_562n);
    await expectLedgerConsistent(database);
  });

  it('a-past-day-and-the-chart-carry-each-principal-repayment-as-the-holdings-did', async () => {
    // 簿価 of the four holdings: 2,500,000 bought; each 元本払戻金 lowers the specific account's MONTHLY
    // (5,000 on 08-20 and 09-18, 10,000 on 11-19); the 償還 takes ENDING's 500,000 on its payment; the
    // 再投資 adds 50,000 on 12-15: 2,030,000 at the end, what the holdings table says today
    const assets = new AssetsService(database.db, () => morningOf('2026-12-28'));
    const bookValueOn = async (date: string) =>
      (await assets.assets(customerId, isoDate(date))).total.bookValue;
    expect(await bookValueOn('2026-08-19')).toBe('2500000');
    expect(await bookValueOn('2026-08-20')).toBe('2495000');
    expect(await bookValueOn('2026-11-19')).toBe('2480000');
    expect(await bookValueOn('2026-12-27')).toBe('2030000');
    expect(await bookValueOn('2026-12-28'), 'today, from the holdings').toBe('2030000');
    const history = await assets.history(customerId, {
      from: isoDate('2026-08-19'),
      to: isoDate('2026-12-28'),
      interval: 'day',
    });
    const costOn = (date: string) => history.points.find((point) => point.date === date)?.cost;
    expect([costOn('2026-08-19'), costOn('2026-08-20'), costOn('2026-09-18'), costOn('2026-11-19')]).toEqual([
      '2500000',
      '2495000',
      '2490000',
      '2480000',
    ]);
    expect(costOn('2026-12-28')).toBe('2030000');
  });

  it('total-return-of-each-fund-and-in-total-to-the-yen', async () => {
    const service = new FundLifeService(
      database.db,
      new AssetsService(database.db, () => morningOf('2026-12-28')),
    );
    const answer = await service.totalReturns(customerId);
    const figures = answer.funds.map((fund) => ({
      fund: fund.fundCode,
      held: fund.held,
      valuation: fund.valuation,
      sold: fund.sold,
      distributions: fund.distributions,
      distributionsReinvested: fund.distributionsReinvested,
      bought: fund.bought,
      boughtByReinvestment: fund.boughtByReinvestment,
      totalReturn: fund.totalReturn,
    }));
    expect(figures).toEqual([
      {
        fund: 'ENDING01',
        held: false,
        valuation: '0',
        sold: '600000',
        distributions: '0',
        distributionsReinvested: '0',
        bought: '500000',
        boughtByReinvestment: '0',
        totalReturn: '100000',
      },
      {
        fund: 'MONTHLY1',
        held: true,
        valuation: '980000',
        sold: '0',
        distributions: '51877',
        distributionsReinvested: '0',
        bought: '1000000',
        boughtByReinvestment: '0',
        totalReturn: '31877',
      },
      {
        fund: 'YEARLY01',
        held: true,
        valuation: '1099999',
        sold: '0',
        distributions: '50000',
        distributionsReinvested: '50000',
        bought: '1050000',
        boughtByReinvestment: '50000',
        totalReturn: '99999',
      },
    ]);
    expect(answer.total.totalReturn).toBe('231876');
  });
});
