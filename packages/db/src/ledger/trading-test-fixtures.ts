// Rows the trading tests build on; test-only (imported by *.test.ts files).
import type { Database } from '../database.ts';
import {
  customerAccounts,
  customers,
  funds,
  type NewCustomer,
  type NewFund,
  type NewOrder,
} from '../schema/index.ts';

export const testFund: NewFund = {
  code: 'TESTF001',
  name: 'テスト世界株式ファンド',
  shortName: 'テスト世界株',
  managementCompany: 'テストアセットマネジメント株式会社',
  inceptionDate: '2020-01-06',
  priceLagDays: 1,
  buySettlementLagDays: 4,
  sellSettlementLagDays: 5,
  retentionFeeBasisPoints: 10,
  tsumitateEligible: true,
  growthEligible: true,
  riskLevel: 4,
  assetClass: 'EQUITY',
  foreign: true,
};

export function testCustomer(accountNumber: string): NewCustomer {
  return {
    accountNumber,
    branchCode: '001',
    lastName: '山田',
    firstName: '花子',
    lastNameKana: 'ヤマダ',
    firstNameKana: 'ハナコ',
    accountRole: 'ADULT',
    equityStatus: 'OPEN',
    lastConfirmedOn: '2026-04-01',
    birthDate: '1985-05-05',
    email: `customer-${accountNumber}@example.jp`,
  };
}

/** A customer with a specific account and both 2024 NISA accounts. */
export async function insertTestCustomer(db: Database, accountNumber: string): Promise<string> {
  const [customer] = await db
    .insert(customers)
    .values(testCustomer(accountNumber))
    .returning({ id: customers.id });
  const customerId = customer!.id;
  await db.insert(customerAccounts).values(
    (['specific', 'nisa2_tsumitate', 'nisa2_growth'] as const).map((accountType) => ({
      customerId,
      accountType,
      openedOn: '2024-01-04',
    })),
  );
  return customerId;
}

export async function insertTestFund(db: Database, code = testFund.code): Promise<string> {
  const [fund] = await db
    .insert(funds)
    .values({ ...testFund, code })
    .returning({ id: funds.id });
  return fund!.id;
}

/** A spot buy of 10,000 yen in the specific account, placed on 2026-11-20 before the cut-off. */
export function spotBuy(customerId: string, fundId: string, idempotencyKey: string): NewOrder {
  return {
    customerId,
    accountType: 'specific',
    fundId,
    channel: 'BUY',
    orderType: 'AMOUNT',
    idempotencyKey,
    requestedAmount: 10_000n,
    applicationDate: '2026-11-20',
    tradeDate: '2026-11-24',
    settlementDate: '2026-11-30',
    cancelDeadline: new Date('2026-11-20T15:00:00+09:00'),
  };
}
