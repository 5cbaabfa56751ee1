import {
  customers,
  funds,
  informations,
  nisaUsage,
  orders,
  recurringPurchases,
  seedDemoData,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { isoDate, nisaRoom, splitRecurringAmount, yen } from '@fund/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoHistory } from '../demo/demo-history.ts';
import { nisaUsageOf } from '../modules/trading/trading.repository.ts';
import { expectLedgerConsistent, runDays } from './test/batch-fixtures.ts';

// issue 25: 1000001 set up a 1,500,000-yen つみたて plan with 870,000 of つみたて room left, and December's
// order went whole to 成長
describe('a つみたて 積立 above the room fills つみたて first, then 成長 (demo customer 1000001)', () => {
  let database: TestDatabase;
  let customerId: string;
  let planId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database);
    await seedDemoHistory(database, { today: isoDate('2026-11-30') });
    const [customer] = await database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.accountNumber, '1000001'));
    customerId = customer!.id;
    const [fund] = await database.db.select({ id: funds.id }).from(funds).where(eq(funds.code, 'DEMOF003'));
    const [plan] = await database.db
      .insert(recurringPurchases)
      .values({
        customerId,
        fundId: fund!.id,
        accountType: 'nisa2_tsumitate',
        amount: 1_500_000n,
        paymentMethod: 'ACCOUNT_TRANSFER',
        startMonth: '2026-12-01',
      })
      .returning({ id: recurringPurchases.id });
    planId = plan!.id;
  }, 300_000);
  afterAll(() => database.drop());

  it('has 870,000 of つみたて room in 2026 (30,000 a month settled January to November), so 630,000 would go to 成長', async () => {
    const room = nisaRoom(await nisaUsageOf(database.db, customerId), 2026);
    expect(room.tsumitateAnnual).toBe(870_000n);
    expect(
      splitRecurringAmount(
        { amount: yen(1_500_000), destination: 'tsumitate', fundTsumitateEligible: true },
        room,
      ),
    ).toEqual([
      { destination: 'tsumitate', amount: 870_000n },
      { destination: 'growth', amount: 630_000n },
    ]);
  });

  it("places December's order, settling in 2027, as 1,200,000 つみたて (2027's whole room) and 300,000 成長, and tells the customer", async () => {
    await runDays(database, '2026-12-01', '2026-12-30');
    const placed = await database.db
      .select({
        accountType: orders.accountType,
        amount: orders.requestedAmount,
        settlementDate: orders.settlementDate,
        nisaBucket: orders.nisaBucket,
      })
      .from(orders)
      .where(eq(orders.recurringPurchaseId, planId));
    expect(placed.sort((a, b) => Number(b.amount! - a.amount!))).toEqual([
      {
        accountType: 'nisa2_tsumitate',
        amount: 1_200_000n,
        settlementDate: expect.stringMatching(/^2027-01-/),
        nisaBucket: 'tsumitate',
      },
      {
        accountType: 'nisa2_growth',
        amount: 300_000n,
        settlementDate: expect.stringMatching(/^2027-01-/),
        nisaBucket: 'growth',
      },
    ]);
    // the 30,000 つみたて plan comes after the larger one: つみたて of 2027 is full, so it continues in 成長
    const [usage2027] = await database.db
      .select({ purchased: nisaUsage.purchased })
      .from(nisaUsage)
      .where(
        and(
          eq(nisaUsage.customerId, customerId),
          eq(nisaUsage.year, 2027),
          eq(nisaUsage.bucket, 'tsumitate'),
        ),
      );
    expect(usage2027?.purchased).toBe(1_200_000n);
    const notices = await database.db
      .select({ title: informations.title, body: informations.body })
      .from(informations)
      .where(
        and(
          eq(informations.customerId, customerId),
          eq(informations.title, 'NISAの積立の買付口座についてのお知らせ'),
        ),
      );
    const split = notices.find((notice) => notice.body.includes('1,500,000円'));
    expect(split?.body).toContain('NISA つみたて投資枠：1,200,000円');
    expect(split?.body).toContain('NISA 成長投資枠：300,000円');
    expect(split?.body).toContain('2027年のNISAの投資枠の残りに合わせて');
    await expectLedgerConsistent(database);
  }, 600_000);
});
