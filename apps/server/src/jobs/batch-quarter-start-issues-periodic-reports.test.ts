import { deliveredDocuments, informations } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { isoDate } from '@fund/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  annualSpecificAccountReportTitle,
  balanceReportTitle,
  issueBalanceReport,
} from '../modules/documents/periodic-reports.ts';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { placeSellOrder } from '../modules/trading/sell-placement.ts';
import type { DayReport } from './day-report.ts';
import {
  insertCustomer,
  insertFund,
  insertNavs,
  morningOf,
  orderById,
  runDay,
  runDays,
} from './test/batch-fixtures.ts';

/**
 * Decision 017, "Issued by the batch": on the first business day of a quarter the batch issues the
 * 取引残高報告書 of the quarter just ended to the customers who traded in it (in January also to every
 * customer holding something), and in January the previous year's 特定口座年間取引報告書 to the customers
 * with a specific-account sale settled in it, each with a notice.
 */
describe('the first business day of a quarter issues the periodic reports', () => {
  let database: TestDatabase;
  /** Buys on 2026-12-01 and sells it all on 12-07 (settled 12-10). */
  let seller: string;
  /** Buys on 2026-12-01 and on 2027-03-24 (settled 03-29), never sells. */
  let buyer: string;
  /** Cash since 2026-01-05, no trade; the demo already gave the 2026-12-31 balance report. */
  let holder: string;
  /** Nothing at all. */
  let nobody: string;
  let january: DayReport;

  const buy = (customerId: string, key: string, date: string) =>
    database.db.transaction((tx) =>
      placeBuyOrder(tx, {
        customerId,
        fundCode: 'BATCHPRD',
        accountType: 'specific',
        orderType: 'AMOUNT',
        amount: 10_000n,
        channel: 'BUY',
        idempotencyKey: key,
        now: morningOf(date),
      }),
    );

  const documentsOf = (customerId: string) =>
    database.db
      .select()
      .from(deliveredDocuments)
      .where(eq(deliveredDocuments.customerId, customerId))
      .orderBy(deliveredDocuments.title);

  const periodicOf = async (customerId: string) =>
    (await documentsOf(customerId))
      .filter((document) => document.kind !== 'TRADE_REPORT')
      .map((document) => [document.kind, document.title, document.issuedOn]);

  const deliveryNoticesOf = async (customerId: string) =>
    (await database.db.select().from(informations).where(eq(informations.customerId, customerId))).filter(
      (notice) => notice.title === '電子交付書面のお知らせ',
    );

  const counts = async () => ({
    documents: (await database.db.select({ n: count() }).from(deliveredDocuments))[0]!.n,
    notices: (await database.db.select({ n: count() }).from(informations))[0]!.n,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    const fundId = await insertFund(database, { code: 'BATCHPRD' });
    await insertNavs(database, fundId, '2026-11-25', '2027-04-02', 10_000n);
    seller = await insertCustomer(database, { fundIds: [fundId], cash: 100_000n });
    buyer = await insertCustomer(database, { fundIds: [fundId], cash: 100_000n });
    holder = await insertCustomer(database, { fundIds: [fundId], cash: 50_000n });
    nobody = await insertCustomer(database);
    const sellerBuy = await buy(seller, 'api:periodic-seller-buy', '2026-12-01');
    await buy(buyer, 'api:periodic-buyer-buy-1', '2026-12-01');
    await runDays(database, '2026-12-01', '2026-12-04');
    const { executedUnits } = await orderById(database, sellerBuy.id);
    await database.db.transaction((tx) =>
      placeSellOrder(tx, {
        customerId: seller,
        fundCode: 'BATCHPRD',
        accountType: 'specific',
        orderType: 'QUANTITY',
        units: executedUnits!,
        channel: 'SELL',
        idempotencyKey: 'api:periodic-seller-sell',
        now: morningOf('2026-12-07'),
      }),
    );
    await runDays(database, '2026-12-07', '2026-12-10');
    // as the demo does for its customers: issued before the batch reaches the date
    await database.db.transaction((tx) =>
      issueBalanceReport(tx, {
        customerId: holder,
        asOf: isoDate('2026-12-31'),
        issuedOn: isoDate('2026-12-30'),
      }),
    );
    january = await runDay(database, '2027-01-04'); // Monday, after the 12/31–1/3 closure
  }, 60_000);
  afterAll(() => database.drop());

  it('in January a customer who traded in the quarter gets the balance report as of 12-31, issued on the business date', async () => {
    expect(await periodicOf(buyer)).toEqual([
      ['BALANCE_REPORT', balanceReportTitle('2026-12-31'), '2027-01-04'],
    ]);
  });

  it('the annual 特定口座年間取引報告書 of 2026 goes only to the customer with a specific-account sale settled in 2026', async () => {
    expect(await periodicOf(seller)).toEqual([
      ['BALANCE_REPORT', balanceReportTitle('2026-12-31'), '2027-01-04'],
      ['ANNUAL_SPECIFIC_ACCOUNT_REPORT', annualSpecificAccountReportTitle(2026), '2027-01-04'],
    ]);
    const [annual] = (await documentsOf(seller)).filter(
      (document) => document.kind === 'ANNUAL_SPECIFIC_ACCOUNT_REPORT',
    );
    expect(annual!.body).toContain('2026年12月10日'); // the sale's 受渡日
  });

  it('a customer who holds cash without trades gets the yearly balance report; one already issued is not issued again', async () => {
    expect(await periodicOf(holder)).toEqual([
      ['BALANCE_REPORT', balanceReportTitle('2026-12-31'), '2026-12-30'],
    ]);
    expect(await deliveryNoticesOf(holder)).toEqual([]);
    expect(january.steps.find((step) => step.step === 'periodic-reports')).toMatchObject({
      items: 4, // buyer and seller: balance report; holder: balance report; seller: annual report
      outcomes: { issued: 3, 'already-issued': 1 },
      failed: 0,
    });
  });

  it('a customer holding nothing and without trades gets none', async () => {
    expect(await periodicOf(nobody)).toEqual([]);
  });

  it('tells the customer of each document with a notice naming it and マイページ', async () => {
    const notices = await deliveryNoticesOf(seller);
    expect(notices).toHaveLength(2);
    const bodies = notices.map((notice) => notice.body).join('\n');
    expect(bodies).toContain(
      `${annualSpecificAccountReportTitle(2026)}を交付しました。マイページの「電子交付書面」からご覧いただけます。`,
    );
    expect(bodies).toContain(`${balanceReportTitle('2026-12-31')}を交付しました。`);
  });

  it('a rerun of the date and the next business day issue nothing more', async () => {
    const before = await counts();
    await runDay(database, '2027-01-04');
    await runDay(database, '2027-01-05');
    expect(await counts()).toEqual(before);
  });

  it('in April only the customer who traded in January–March gets the balance report as of 03-31, even though others hold cash', async () => {
    await buy(buyer, 'api:periodic-buyer-buy-2', '2027-03-24');
    await runDays(database, '2027-03-24', '2027-03-29'); // settled on Monday 03-29
    const april = await runDay(database, '2027-04-01');
    expect(april.steps.find((step) => step.step === 'periodic-reports')).toMatchObject({
      items: 1,
      outcomes: { issued: 1 },
    });
    expect(await periodicOf(buyer)).toEqual([
      ['BALANCE_REPORT', balanceReportTitle('2026-12-31'), '2027-01-04'],
      ['BALANCE_REPORT', balanceReportTitle('2027-03-31'), '2027-04-01'],
    ]);
    const [march] = (await documentsOf(buyer)).filter(
      (document) => document.title === balanceReportTitle('2027-03-31'),
    );
    expect(march!.body).toContain('テストファンド BATCHPRD');
    expect(await periodicOf(holder)).toHaveLength(1);
    expect(await periodicOf(seller)).toHaveLength(2);
  }, 60_000);
});
