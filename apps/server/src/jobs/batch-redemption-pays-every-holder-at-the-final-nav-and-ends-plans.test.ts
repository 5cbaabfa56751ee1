import { TradingErrorCode } from '@fund/contracts';
import {
  cashflows,
  deliveredDocuments,
  funds,
  holdings,
  informations,
  nisaUsage,
  recurringPurchases,
  redemptionPayments,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDate } from '@fund/domain';
import { AssetsService } from '../modules/assets/assets.service.ts';
import { issueAnnualSpecificAccountReport } from '../modules/documents/periodic-reports.ts';
import { FundLifeService } from '../modules/assets/fund-life.service.ts';
import {
  cashOf,
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  ledgerSnapshot,
  morningOf,
  placeSpotBuy,
  runDay,
  runDays,
} from './test/batch-fixtures.ts';

// Issue 28 point 4, worked by hand. ENDFUND1 announces its 償還 on Fri 2026-11-20 (orders until 11-13).
// Bought on Thu 10-01 at NAV 10,000 (1 unit = 1 yen); the 償還価額 (NAV of 11-20) is 10,800; the payment
// date is the 償還日 + 3 business days (the sell lag): Tue 11-24, Wed 11-25, Thu 11-26 (Mon 11-23 is
// 勤労感謝の日).
// - A: 1,000,000 units in the specific account and a 積立 of the fund. The 積立 ends on the first batch
//   day. Redeemed: 1,080,000 yen; cost 1,000,000; gain 80,000; tax ⌊80,000 × 15.315%⌋ = 12,252 +
//   4,000 = 16,252; paid 1,063,748 into お預り金. トータルリターン: 0 + 1,080,000 + 0 − 1,000,000 = 80,000,
//   listed as a fund no longer held.
// - B: 500,000 units in NISA 成長: 540,000 yen, no tax; 簿価 500,000 freed in 2026 (room from 2027).
// - C: a buy placed on Mon 11-16, after the last order date, is refused.
describe('a fund’s 償還 redeems every holder at the final NAV, ends its 積立, and takes no late order', () => {
  let database: TestDatabase;
  let fundId: string;
  const customer: Record<'A' | 'B' | 'C', string> = { A: '', B: '', C: '' };

  const buy = (customerId: string, accountType: 'specific' | 'nisa2_growth', amount: bigint, on: string) =>
    placeSpotBuy(database, { customerId, fundCode: 'ENDFUND1', accountType, amount, on });

  beforeAll(async () => {
    database = await createTestDatabase();
    fundId = await insertFund(database, {
      code: 'ENDFUND1',
      redemptionDate: '2026-11-20',
      lastOrderDate: '2026-11-13',
    });
    await insertNavs(database, fundId, '2026-09-30', '2026-11-19', 10_000n);
    await insertNavs(database, fundId, '2026-11-20', '2026-11-20', 10_800n);
    customer.A = await insertCustomer(database, { fundIds: [fundId], cash: 2_000_000n });
    customer.B = await insertCustomer(database, { fundIds: [fundId], cash: 1_000_000n });
    customer.C = await insertCustomer(database, { fundIds: [fundId], cash: 1_000_000n });
    await buy(customer.A, 'specific', 1_000_000n, '2026-10-01');
    await buy(customer.B, 'nisa2_growth', 500_000n, '2026-10-01');
    // a 積立 set up before the announcement
    await database.db.insert(recurringPurchases).values({
      customerId: customer.A,
      fundId,
      accountType: 'specific',
      amount: 10_000n,
      paymentMethod: 'ACCOUNT_TRANSFER',
      startMonth: '2026-10-01',
    });
    await runDays(database, '2026-10-01', '2026-11-26');
  }, 180_000);
  afterAll(() => database.drop());

  it('redemption-in-the-specific-account-taxes-the-gain-and-pays-into-cash', async () => {
    const [payment] = await database.db
      .select()
      .from(redemptionPayments)
      .where(eq(redemptionPayments.customerId, customer.A));
    expect(payment).toMatchObject({
      redemptionDate: '2026-11-20',
      paymentDate: '2026-11-26',
      units: 1_000_000n,
      pricePer10k: 10_800n,
      proceeds: 1_080_000n,
      acquisitionCost: 1_000_000n,
      gain: 80_000n,
      incomeTax: 12_252n,
      residentTax: 4_000n,
      net: 1_063_748n,
    });
    const [held] = await database.db
      .select()
      .from(holdings)
      .where(and(eq(holdings.customerId, customer.A), eq(holdings.fundId, fundId)));
    expect(held).toMatchObject({ units: 0n, bookValue: 0n });
    expect(await cashOf(database, customer.A)).toBe(1_000_000n + 1_063_748n);
    const [incoming] = await database.db
      .select()
      .from(cashflows)
      .where(and(eq(cashflows.customerId, customer.A), eq(cashflows.occurredOn, '2026-11-26')));
    expect(incoming).toMatchObject({ type: 'deposit', amount: 1_063_748n, taxWithheld: 16_252n });
    const documents = await database.db
      .select({ title: deliveredDocuments.title })
      .from(deliveredDocuments)
      .where(
        and(eq(deliveredDocuments.customerId, customer.A), eq(deliveredDocuments.kind, 'REDEMPTION_NOTICE')),
      );
    expect(documents).toEqual([{ title: '償還金のお知らせ（テストENDFUND1 2026年11月20日償還）' }]);
  });

  it('redemption-is-listed-with-the-sales-of-the-annual-specific-account-report', async () => {
    const id = await database.db.transaction((tx) =>
      issueAnnualSpecificAccountReport(tx, {
        customerId: customer.A,
        year: 2026,
        issuedOn: isoDate('2027-01-04'),
      }),
    );
    const [report] = await database.db.select().from(deliveredDocuments).where(eq(deliveredDocuments.id, id));
    expect(report?.body).toContain('テストファンド ENDFUND1（償還）');
    expect(report?.body).toContain('<th scope="row">差引金額（譲渡所得等の金額）</th><td>80,000円</td>');
  });

  it('redemption-total-return-lists-the-fund-apart-with-its-gain', async () => {
    const service = new FundLifeService(
      database.db,
      new AssetsService(database.db, () => morningOf('2026-11-27')),
    );
    const { funds } = await service.totalReturns(customer.A);
    expect(funds).toEqual([
      expect.objectContaining({
        fundCode: 'ENDFUND1',
        held: false,
        valuation: '0',
        sold: '1080000',
        distributions: '0',
        bought: '1000000',
        totalReturn: '80000',
      }),
    ]);
  });

  it('redemption-in-nisa-withholds-nothing-and-frees-the-book-value-for-next-year', async () => {
    const [payment] = await database.db
      .select()
      .from(redemptionPayments)
      .where(eq(redemptionPayments.customerId, customer.B));
    expect(payment).toMatchObject({ proceeds: 540_000n, incomeTax: 0n, residentTax: 0n, net: 540_000n });
    const [growth] = await database.db
      .select()
      .from(nisaUsage)
      .where(and(eq(nisaUsage.customerId, customer.B), eq(nisaUsage.bucket, 'growth')));
    expect(growth).toMatchObject({ year: 2026, purchased: 500_000n, freed: 500_000n });
  });

  it('redemption-announced-ends-the-funds-plans-with-a-notice', async () => {
    const [plan] = await database.db
      .select()
      .from(recurringPurchases)
      .where(eq(recurringPurchases.customerId, customer.A));
    expect(plan?.status).toBe('CANCELED');
    const notices = await database.db
      .select({ title: informations.title })
      .from(informations)
      .where(eq(informations.customerId, customer.A));
    expect(notices.map((row) => row.title)).toContain('積立終了のお知らせ（ファンドの償還）');
  });

  it('redemption-announced-refuses-an-order-after-the-last-order-date', async () => {
    const refusal = await buy(customer.C, 'specific', 10_000n, '2026-11-16').catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: TradingErrorCode.fundNotOnSale,
      message:
        'このファンドは2026年11月20日に償還されるため、ご注文の受付は2026年11月13日までで終了しました。',
    });
  });

  it('redemption-paid-to-every-holder-leaves-the-fund-redeemed-and-refusing-orders', async () => {
    const [fund] = await database.db
      .select({ salesStatus: funds.salesStatus })
      .from(funds)
      .where(eq(funds.id, fundId));
    expect(fund?.salesStatus).toBe('REDEEMED');
    const refusal = await buy(customer.C, 'specific', 10_000n, '2026-11-27').catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: TradingErrorCode.fundNotOnSale });
  });

  it('redemption-rerun-of-the-payment-day-pays-nobody-twice', async () => {
    const before = await ledgerSnapshot(database);
    await runDay(database, '2026-11-26');
    expect(await ledgerSnapshot(database)).toEqual(before);
    await expectLedgerConsistent(database);
  }, 60_000);
});
