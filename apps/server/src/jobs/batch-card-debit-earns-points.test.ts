import { informations, pointBalances, pointsLedger, recurringDebits, recurringPurchases } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectLedgerConsistent,
  insertCustomer,
  insertFund,
  insertNavs,
  linkCard,
  runDay,
} from './test/batch-fixtures.ts';

/** Decision 018: a card 積立 charge earns 0.5 % in points when the linked card earns points. */
describe('points earned on card 積立 debits', () => {
  let database: TestDatabase;
  let pointsCard: string;
  let reRegister: string;
  let noPointsCard: string;
  let unlinked: string;
  let expired: string;
  let transferOnly: string;

  const link = (
    customerId: string,
    state: 'ACTIVE' | 'RE_REGISTRATION_REQUIRED' | 'NOT_POINTS_CARD',
    expiry?: string,
  ) => linkCard(database, customerId, { state, ...(expiry === undefined ? {} : { expiry }) });

  async function pointsOf(customerId: string) {
    return database.db.select().from(pointsLedger).where(eq(pointsLedger.customerId, customerId));
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const fund = await insertFund(database, { code: 'BATCH031' });
    const fund2 = await insertFund(database, { code: 'BATCH032' });
    const fund3 = await insertFund(database, { code: 'BATCH033' });
    for (const id of [fund, fund2, fund3])
      await insertNavs(database, id, '2026-10-01', '2026-11-30', 10_000n);
    pointsCard = await insertCustomer(database);
    reRegister = await insertCustomer(database);
    noPointsCard = await insertCustomer(database);
    unlinked = await insertCustomer(database);
    expired = await insertCustomer(database);
    transferOnly = await insertCustomer(database);
    await link(pointsCard, 'ACTIVE');
    await link(reRegister, 'RE_REGISTRATION_REQUIRED');
    await link(noPointsCard, 'NOT_POINTS_CARD');
    await link(expired, 'ACTIVE', '2026-09');
    await link(transferOnly, 'ACTIVE');
    const plan = (customerId: string, amount: bigint, card = true, fundId = fund) => ({
      customerId,
      fundId,
      accountType: 'specific' as const,
      amount,
      paymentMethod: card ? ('CREDIT_CARD' as const) : ('ACCOUNT_TRANSFER' as const),
      startMonth: '2026-10-01',
    });
    await database.db
      .insert(recurringPurchases)
      .values([
        plan(pointsCard, 20_000n),
        plan(pointsCard, 13_000n, true, fund2),
        plan(pointsCard, 30_000n, false, fund3),
        plan(reRegister, 10_000n),
        plan(noPointsCard, 20_000n),
        plan(unlinked, 20_000n),
        plan(expired, 20_000n),
        plan(transferOnly, 50_000n, false),
      ]);
    await runDay(database, '2026-10-27'); // the debit date (Tuesday the 27th)
  }, 60_000);
  afterAll(() => database.drop());

  it('credits 0.5 % (rounded down) of each card charge, one EARNED row per debit, and not the 口座振替 plan', async () => {
    const rows = await pointsOf(pointsCard);
    expect(rows.map((row) => [row.kind, row.points, row.occurredOn]).sort()).toEqual([
      ['EARNED', 100n, '2026-10-27'], // 20,000 yen
      ['EARNED', 65n, '2026-10-27'], // 13,000 yen
    ]);
    const debits = await database.db.select().from(recurringDebits);
    const debitIds = new Set(debits.map((debit) => debit.id));
    expect(rows.every((row) => row.recurringDebitId !== null && debitIds.has(row.recurringDebitId))).toBe(
      true,
    );
    const [balance] = await database.db
      .select()
      .from(pointBalances)
      .where(eq(pointBalances.customerId, pointsCard));
    expect(balance!.balance).toBe(165n);
    await expectLedgerConsistent(database);
  });

  it('tells the customer with a notice naming the day, the charged yen and the points', async () => {
    const notices = await database.db
      .select()
      .from(informations)
      .where(eq(informations.customerId, pointsCard));
    const granted = notices.filter((notice) => notice.title === 'ポイント付与のお知らせ');
    expect(granted).toHaveLength(1);
    expect(granted[0]!.body).toContain(
      '2026年10月27日のクレジットカードでの積立（33,000円）に応じて、165ポイントを付与しました。',
    );
  });

  it('still earns while the issuer asks for the card to be registered again (only using points waits)', async () => {
    expect((await pointsOf(reRegister)).map((row) => row.points)).toEqual([50n]);
  });

  it.each([
    ['a card without points', () => noPointsCard],
    ['no linked card', () => unlinked],
    ['a card past its 有効期限', () => expired],
    ['a points card but only 口座振替 plans', () => transferOnly],
  ])('earns nothing with %s', async (_, customer) => {
    expect(await pointsOf(customer())).toEqual([]);
  });

  it('earns once: running the day again credits nothing more', async () => {
    await runDay(database, '2026-10-27');
    expect(await pointsOf(pointsCard)).toHaveLength(2);
  });
});
