// Rows and sessions the trading API tests (assets, history, plans) build on; test-only.
import {
  accountTransferAccounts,
  customerAccounts,
  customerCredentials,
  customers,
  demoCustomerPasswordHash,
  funds,
  type AccountRole,
  type Database,
  type NewFund,
} from '@fund/db';
import type { AccountType } from '@fund/domain';
import type { App } from '../app.ts';
import { signInCustomer } from './customer-session.ts';

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

export async function insertFund(
  db: Database,
  overrides: Partial<NewFund> & { code: string },
): Promise<string> {
  const [fund] = await db
    .insert(funds)
    .values({ ...testFund, ...overrides })
    .returning({ id: funds.id });
  return fund!.id;
}

export interface TestCustomerOptions {
  readonly role?: AccountRole;
  readonly birthDate?: string | null;
  readonly accounts?: readonly AccountType[];
  /** The bank account 口座振替 debits (積立, 毎月の入金: decision 035); registered unless false. */
  readonly bankAccount?: boolean;
}

/** A customer who can sign in with the demo password, with the given accounts opened. */
export async function insertCustomer(
  db: Database,
  accountNumber: string,
  options: TestCustomerOptions = {},
): Promise<string> {
  const role = options.role ?? 'ADULT';
  const [customer] = await db
    .insert(customers)
    .values({
      accountNumber,
      branchCode: '001',
      lastName: '試験',
      firstName: role === 'CORPORATION' ? '' : '太郎',
      lastNameKana: 'シケン',
      firstNameKana: role === 'CORPORATION' ? '' : 'タロウ',
      accountRole: role,
      equityStatus: 'OPEN',
      lastConfirmedOn: '2026-10-01',
      birthDate: options.birthDate === undefined ? '1985-05-05' : options.birthDate,
      email: `customer-${accountNumber}@example.jp`,
    })
    .returning({ id: customers.id });
  const customerId = customer!.id;
  await db.insert(customerCredentials).values({ customerId, passwordHash: demoCustomerPasswordHash });
  const accounts = options.accounts ?? ['specific', 'nisa2_tsumitate', 'nisa2_growth'];
  if (accounts.length > 0) {
    await db
      .insert(customerAccounts)
      .values(accounts.map((accountType) => ({ customerId, accountType, openedOn: '2024-01-04' })));
  }
  if (options.bankAccount !== false) {
    await db.insert(accountTransferAccounts).values({
      customerId,
      bankCode: '0005',
      bankName: 'テスト銀行',
      branchCode: '001',
      branchName: '本店',
      accountType: 'ORDINARY',
      accountNumber: accountNumber.slice(-7).padStart(7, '0'),
      holderNameKana: 'シケン タロウ',
    });
  }
  return customerId;
}

/** A mutable clock: tests move it to the instant a rule is about. */
export class TestClock {
  instant = new Date();

  readonly now = (): Date => new Date(this.instant);
}

export async function accessTokenOf(app: App, accountNumber: string): Promise<string> {
  return (await signInCustomer(app, accountNumber)).access_token;
}

/** A JSON call with the customer's bearer token (and an Idempotency-Key when given). */
export async function send(
  app: App,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; idempotencyKey?: string } = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      host: 'localhost:3000',
      authorization: `Bearer ${token}`,
      ...(options.idempotencyKey === undefined ? {} : { 'idempotency-key': options.idempotencyKey }),
    },
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
}
